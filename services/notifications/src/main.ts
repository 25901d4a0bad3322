import { exitOnConfigError, loadConfig, startService } from '@manzil/nest-kit';
import { AppModule } from './app.module.js';
import { envSchema } from './config.js';

try {
  const config = loadConfig(envSchema);
  await startService('notifications', AppModule.forRoot(config), config.PORT);
} catch (error) {
  exitOnConfigError(error);
}
