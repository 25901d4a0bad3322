import { parseArgs } from 'node:util';
import { createEventBus } from './create-event-bus.js';

export interface BusCliOptions {
  clientId: string;
  redisUrl?: string;
  namespace?: string;
  kafkaBrokers?: string[];
  /** The group whose dead letters are replayed when `--group` is not given (the service's own). */
  defaultGroup?: string;
  /** Where the summary line goes (stdout by default). */
  print?: (line: string) => void;
}

const USAGE =
  'usage: bus:replay --topic <topic> [--group <group> | --all-groups] [--limit <n>]\n' +
  '  moves dead letters of <topic> (from <topic>.dlq) back onto <topic>';

/**
 * The bus commands of a service's cli (`node dist/cli.js bus:replay --topic listings.property`).
 * A replayed event reaches every group of the topic again; the inbox makes that harmless.
 */
export async function runBusCli(argv: string[], options: BusCliOptions): Promise<void> {
  const [command, ...rest] = argv;
  if (command !== 'bus:replay') throw new Error(`unknown command "${command ?? ''}"\n${USAGE}`);
  const { values } = parseArgs({
    args: rest,
    options: {
      topic: { type: 'string' },
      group: { type: 'string' },
      'all-groups': { type: 'boolean', default: false },
      limit: { type: 'string' },
    },
  });
  if (!values.topic) throw new Error(`bus:replay needs --topic\n${USAGE}`);
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
    throw new Error(`--limit must be a positive whole number\n${USAGE}`);
  const group = values['all-groups'] ? undefined : (values.group ?? options.defaultGroup);

  const bus = createEventBus({
    clientId: `${options.clientId}-cli`,
    redisUrl: options.redisUrl,
    namespace: options.namespace,
    kafkaBrokers: options.kafkaBrokers,
  });
  try {
    const { replayed, skipped } = await bus.replayDeadLetters(values.topic, { group, limit });
    (options.print ?? console.log)(
      `replayed ${replayed} dead letter(s) of ${values.topic}${group ? ` for group ${group}` : ''}; ${skipped} left in ${values.topic}.dlq`,
    );
  } finally {
    await bus.close();
  }
}
