import { exitOnConfigError, loadConfig, startService } from '@manzil/nest-kit';
import { envSchema, refuseProduction } from './config.js';

try {
  // Before anything else is loaded or connected.
  refuseProduction(process.env.NODE_ENV);
  const config = loadConfig(envSchema);
  const { AppModule } = await import('./app.module.js');
  await startService('sandbox', AppModule.forRoot(config), config.PORT);
} catch (error) {
  exitOnConfigError(error);
}
