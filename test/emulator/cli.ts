/** `npm run emulator -- --port <n> --key <key> [--free-key <k:fx>] [--data FILE] [--seed]` */
import { startEmulator } from './server';
import { seedDemo } from './seed';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

async function main(): Promise<void> {
  const emu = await startEmulator({
    port: Number(arg('port') ?? 0),
    key: arg('key'),
    freeKey: arg('free-key'),
    dataFile: arg('data'),
    glossaryLimit: arg('glossary-limit') ? Number(arg('glossary-limit')) : undefined,
    seed: process.argv.includes('--seed') ? seedDemo : undefined,
  });
  console.log(`emulator: paid address ${emu.url}`);
  console.log(`emulator: free address ${emu.freeUrl}`);
  console.log(`emulator: paid key     ${emu.keys.paid}`);
  console.log(`emulator: free key     ${emu.keys.free}`);
  console.log(`emulator: no-scope key ${emu.keys.noScope}`);
  const stop = async (signal: string) => {
    console.log(`emulator: ${signal}, stopping`);
    await emu.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(`emulator: ${err.message ?? err}`);
  process.exit(1);
});
