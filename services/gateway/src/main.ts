import {
  createLogger,
  drainLogs,
  exitOnConfigError,
  loadConfig,
  PinoNestLogger,
  setRequestLogger,
} from '@manzil/nest-kit/http';
import { createGatewayApp } from './app.js';
import { envSchema } from './config.js';

try {
  const config = loadConfig(envSchema);
  // A line per proxied request: written in blocks, drained by the last shutdown hook.
  const logger = createLogger('gateway', config.LOG_LEVEL, { buffered: true });
  const app = await createGatewayApp(config, new PinoNestLogger(logger), () => drainLogs(logger));
  setRequestLogger(logger);
  await app.listen(config.PORT, '0.0.0.0');
  logger.info(
    { port: config.PORT },
    'gateway listening: http://ae.localhost:%d http://sa.localhost:%d',
    config.PORT,
    config.PORT,
  );
} catch (error) {
  exitOnConfigError(error);
}
