import { startSim } from './index';

function parseArgs(argv: string[]) {
  const out: {
    port: number;
    seed: number;
    hostile: boolean;
    log: boolean;
    eventsPerSecond?: number;
    pingIntervalMs?: number;
  } = {
    port: 8787,
    seed: 42,
    hostile: false,
    log: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = () => {
      const v = argv[++i];
      if (v === undefined || !/^\d+$/.test(v)) throw new Error(`${a} needs a non-negative integer`);
      return Number(v);
    };
    if (a === '--port') out.port = next();
    else if (a === '--seed') out.seed = next();
    else if (a === '--hostile') out.hostile = true;
    else if (a === '--log') out.log = true;
    else if (a === '--events-per-second') out.eventsPerSecond = next();
    else if (a === '--ping-interval-ms') out.pingIntervalMs = next();
    else if (a === '--help' || a === '-h') {
      console.log(
        'npm run sim -- [--port 8787] [--seed 42] [--hostile] [--log] [--events-per-second 2] [--ping-interval-ms 10000]',
      );
      process.exit(0);
    } else throw new Error(`unknown argument: ${a}`);
  }
  if (out.port > 65535) throw new Error('--port must be 0..65535');
  return out;
}

async function main() {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`sim: ${(e as Error).message}`);
    process.exit(2);
  }
  let sim: Awaited<ReturnType<typeof startSim>>;
  try {
    // Anchored at this minute (see scripts/demo.ts): next cycles lie ahead, as on the live service.
    sim = await startSim({ ...args, epochMs: Math.floor(Date.now() / 60_000) * 60_000 });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE')
      console.error(`sim: port ${args.port} is already in use on 127.0.0.1; pick another with --port`);
    else console.error(`sim: could not start: ${err.message}`);
    process.exit(1);
  }
  console.log(`Onchain Lens simulator (seed ${args.seed}${args.hostile ? ', hostile' : ''})`);
  console.log(`  data API     ${sim.dataUrl}`);
  console.log(`  prediction   ${sim.predictionUrl}`);
  console.log(`  rpc          ${sim.rpcUrl}?api_key=demo`);
  console.log(`  datastream   ${sim.datastreamUrl}/demo`);
  console.log(`  control      ${sim.url}/__sim/catalog`);
  console.log('  keys         demo (premium), demo-free (free plan: no datastream)');
  let stopping = false;
  const stop = (sig: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`sim: ${sig}, stopping`);
    void sim.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
