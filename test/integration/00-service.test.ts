// Root hooks: one seeded emulator for the whole suite, with the extension pointed at it.
import { startService, stopService } from './service';

before(async () => {
  await startService();
});

after(async () => {
  await stopService();
});
