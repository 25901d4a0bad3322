#!/usr/bin/env node
// Kafka and OpenSearch for the tests and local runs, from Maven Central (no Docker here).
//
//   node scripts/engines.mjs start kafka|opensearch|all    start in the background, print the address
//   node scripts/engines.mjs stop kafka|opensearch|all     stop what `start` (or a crashed run) left
//   node scripts/engines.mjs status [kafka|opensearch]     what is running, from this clone
//
// Kafka: the jars of scripts/engines/kafka/pom.xml (org.apache.kafka:kafka_2.13 4.x), fetched
//   once with `mvn dependency:copy-dependencies` into .cache/engines/, run as ONE KRaft node
//   (broker + controller) on free loopback ports, with -Xmx384m, its data in a fresh temporary
//   folder, `auto.create.topics.enable=false` as in production, and the topics of
//   k8s/kafka-topics.yaml (checked against contracts' TOPIC_LIST by k8s/manifests.spec.ts)
//   created with their partitions and retention.
// OpenSearch: the integration-test zip of scripts/engines/opensearch/pom.xml (2.x, Java 17)
//   plus the analysis-common and geo modules, single node on a free loopback port, 512 MB heap,
//   no security plugin (the zip has none), disk watermarks off; ready at yellow health. It
//   refuses to run as root, so as root it runs as the system user `opensearch` (created once).
//
// KAFKA_BROKERS / OPENSEARCH_URL already set → those are used and nothing is started. Java or
// Maven missing, or Maven Central refusing an artifact → that engine is skipped with ONE
// printed line saying why (handle.skipped); never an exception.
//
// Used by scripts/test.mjs, scripts/jest-global-setup.mjs, scripts/start.mjs, scripts/e2e.mjs.
// Only node: imports at the top level (it runs right after install); kafkajs and yaml are
// imported when needed.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CACHE_DIR,
  LOG_DIR,
  ROOT,
  RUN_DIR,
  alive,
  c,
  httpGet,
  mkdirp,
  readJson,
  say,
  seconds,
  sleep,
  tail,
  waitFor,
  warn,
} from './lib/common.mjs';

const ENGINES_DIR = path.join(ROOT, 'scripts', 'engines');
const CACHE = path.join(CACHE_DIR, 'engines');
const STATE_DIR = path.join(RUN_DIR, 'engines');
const ENGINE_LOGS = path.join(LOG_DIR, 'engines');
const KAFKA_START_TIMEOUT_MS = 180_000;
const OPENSEARCH_START_TIMEOUT_MS = 240_000;

// ---------------------------------------------------------------------------------------
// Small helpers

/** Two callers may race for the same free port; the engine's own bind error says so then. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function which(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function javaMajor(bin) {
  const r = spawnSync(bin, ['-version'], { encoding: 'utf8' });
  const m = /version "(\d+)(?:\.(\d+))?/.exec(`${r.stderr}${r.stdout}`);
  if (!m) return null;
  return m[1] === '1' ? Number(m[2]) : Number(m[1]);
}

/**
 * A Java whose major version is in [min, max]: JAVA_HOME, then `java` on PATH, then the JDKs
 * under /usr/lib/jvm (newest first). Returns { bin, home, major } or null.
 */
export function findJava({ min, max = Infinity }) {
  const candidates = [];
  if (process.env.JAVA_HOME) candidates.push(path.join(process.env.JAVA_HOME, 'bin', 'java'));
  const onPath = which('java');
  if (onPath) candidates.push(fs.realpathSync(onPath));
  try {
    for (const dir of fs.readdirSync('/usr/lib/jvm').sort().reverse())
      candidates.push(path.join('/usr/lib/jvm', dir, 'bin', 'java'));
  } catch {
    /* no /usr/lib/jvm */
  }
  const seen = new Set();
  for (const bin of candidates) {
    if (seen.has(bin) || !fs.existsSync(bin)) continue;
    seen.add(bin);
    const major = javaMajor(bin);
    if (major && major >= min && major <= max) return { bin, home: path.dirname(path.dirname(bin)), major };
  }
  return null;
}

function pomVersion(pomFile, property) {
  const m = new RegExp(`<${property}>([^<]+)</${property}>`).exec(fs.readFileSync(pomFile, 'utf8'));
  return m ? m[1].trim() : 'unknown';
}

function hashOf(...files) {
  const h = crypto.createHash('sha256');
  for (const f of files) h.update(fs.readFileSync(f));
  return h.digest('hex').slice(0, 10);
}

/** The first line of Maven's output that says what it could not get. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function mavenReason(output) {
  const lines = output.split('\n').map((l) => l.replace(ANSI, '').trim());
  const missing = lines
    .map((l) => /Could not find artifact (\S+)/.exec(l) ?? /(\S+:\S+:\S+) was not found in/.exec(l))
    .find(Boolean);
  if (missing) return `Maven Central has no ${missing[1]} (or refused it)`;
  const line =
    lines.find((l) =>
      /Could not (resolve|transfer)|Non-parseable|Non-resolvable|refused|Unknown host/i.test(l),
    ) ?? lines.find((l) => /^\[(ERROR|FATAL)\]\s*\S/.test(l));
  return (line ?? tail(output, 3).trim().replace(/\s+/g, ' '))
    .replace(/^(\[(ERROR|FATAL)\]\s*)+/, '')
    .slice(0, 400);
}

/**
 * `mvn dependency:copy-dependencies` of `pomFile` into `outDir`, once: the folder is written
 * under a temporary name and renamed when complete, so a half-done fetch is never reused.
 * Resolves null on success, else the reason.
 */
async function fetchWithMaven(pomFile, outDir, log) {
  if (fs.existsSync(outDir)) return null;
  const mvn = which('mvn');
  if (!mvn) return 'Maven (mvn) is not installed (Debian: apt-get install -y maven)';
  const tmp = `${outDir}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  mkdirp(path.dirname(outDir));
  const started = Date.now();
  log(
    `fetching ${path.relative(ROOT, pomFile)} from Maven Central (once; cached in ${path.relative(ROOT, outDir)})`,
  );
  const r = await new Promise((resolve) => {
    const child = spawn(
      mvn,
      [
        '-B',
        '-q',
        '-Dstyle.color=never',
        // Ask Central again even when an earlier attempt failed (Maven caches failures a day).
        '-U',
        '-f',
        pomFile,
        'dependency:copy-dependencies',
        `-DoutputDirectory=${tmp}`,
        '-DincludeScope=runtime',
      ],
      { cwd: path.dirname(pomFile), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (error) => resolve({ code: 1, output: String(error) }));
    child.on('close', (code) => resolve({ code, output }));
  });
  if (r.code !== 0) {
    fs.rmSync(tmp, { recursive: true, force: true });
    return `Maven could not fetch ${path.relative(ROOT, pomFile)}: ${mavenReason(r.output)}`;
  }
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.renameSync(tmp, outDir);
  log(`fetched in ${seconds(Date.now() - started)}`);
  return null;
}

/** Removes the cache folders of other versions (or pom edits) of an engine. */
function pruneCache(engine, keep) {
  for (const dir of fs.readdirSync(CACHE)) {
    const full = path.join(CACHE, dir);
    if (dir.startsWith(`${engine}-`) && full !== keep) fs.rmSync(full, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------
// Processes we start: a state file per process, so `stop`/`status` and the next run find
// what a crashed run left behind.

function stateFiles(engine) {
  try {
    return fs
      .readdirSync(STATE_DIR)
      .filter((f) => f.startsWith(`${engine}-`) && f.endsWith('.json'))
      .map((f) => path.join(STATE_DIR, f));
  } catch {
    return [];
  }
}

/** Is `pid` still the engine process we started (and not a recycled pid)? */
function ours(state) {
  if (!alive(state.pid)) return false;
  try {
    const cmdline = fs.readFileSync(`/proc/${state.pid}/cmdline`, 'utf8');
    // The java command line names the run's folder; OpenSearch's launcher script, before it
    // execs java, names only itself.
    return cmdline.includes(state.dir) || (Boolean(state.cmd) && cmdline.includes(state.cmd));
  } catch {
    return true;
  }
}

async function killEngine(state, graceMs) {
  if (ours(state)) {
    try {
      process.kill(-state.pid, 'SIGTERM');
    } catch {
      try {
        process.kill(state.pid, 'SIGTERM');
      } catch {
        /* gone */
      }
    }
    if (!(await waitFor(() => !alive(state.pid), { timeoutMs: graceMs, intervalMs: 100 }))) {
      try {
        process.kill(-state.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
      await waitFor(() => !alive(state.pid), { timeoutMs: 5_000, intervalMs: 50 });
    }
  }
  if (state.dir?.startsWith(os.tmpdir())) fs.rmSync(state.dir, { recursive: true, force: true });
}

/** Stops engines whose run died without stopping them (owner pid gone). */
async function reapOrphans(engine, log) {
  for (const file of stateFiles(engine)) {
    const state = readJson(file);
    if (!state) {
      fs.rmSync(file, { force: true });
      continue;
    }
    const orphan = state.owner !== 'cli' && !alive(state.owner);
    if (!ours(state) || orphan) {
      if (ours(state)) log(`stopping the ${engine} left running by an earlier run (pid ${state.pid})`);
      await killEngine(state, 10_000);
      fs.rmSync(file, { force: true });
    }
  }
}

/** A running engine started by `node scripts/engines.mjs start` (reused, never stopped by others). */
function cliStarted(engine) {
  for (const file of stateFiles(engine)) {
    const state = readJson(file);
    if (state?.owner === 'cli' && ours(state)) return state;
  }
  return null;
}

/**
 * Spawns a detached engine process (own process group), output to `logFile`, and returns a
 * handle whose stop() ends it (SIGTERM, then SIGKILL) and removes its temporary folder. The
 * process is also killed if this Node process exits without stopping it.
 */
function launch({ engine, cmd, args, env, cwd, dir, logFile, owner, uid, gid, info }) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(cmd, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', out, out],
    ...(uid !== undefined ? { uid, gid } : {}),
  });
  fs.closeSync(out);
  child.unref();
  const state = { engine, pid: child.pid, owner, dir, cmd, logFile, ...info };
  const stateFile = path.join(mkdirp(STATE_DIR), `${engine}-${child.pid}.json`);
  fs.writeFileSync(stateFile, JSON.stringify(state, null, 2));
  let exited = child.exitCode !== null;
  child.on('exit', () => {
    exited = true;
  });
  const killOnExit = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(stateFile, { force: true });
  };
  if (owner !== 'cli') process.on('exit', killOnExit);
  let stopping;
  return {
    state,
    stateFile,
    child,
    exited: () => exited || !alive(child.pid),
    stop() {
      stopping ??= (async () => {
        process.off('exit', killOnExit);
        await killEngine(state, 20_000);
        fs.rmSync(stateFile, { force: true });
      })();
      return stopping;
    },
  };
}

const skipped = (name, reason, log) => {
  log(`${c.yellow('skipped')}: ${reason}`);
  return { name, skipped: reason, owned: false, external: false, stop: async () => undefined };
};

const logger = (name, quiet) => (quiet ? () => undefined : (msg) => say(`${c.bold(name)}: ${msg}`));

// ---------------------------------------------------------------------------------------
// Kafka

const KAFKA_POM = path.join(ENGINES_DIR, 'kafka', 'pom.xml');
const KAFKA_LOG4J = path.join(ENGINES_DIR, 'kafka', 'log4j2.properties');
export const KAFKA_VERSION = pomVersion(KAFKA_POM, 'kafka.version');

/**
 * The topics production declares (k8s/kafka-topics.yaml: name, partitions, config), which
 * k8s/manifests.spec.ts keeps equal to contracts' TOPIC_LIST. Needs the `yaml` package.
 */
export async function productionTopics() {
  const { parseAllDocuments } = await import('yaml');
  const text = fs.readFileSync(path.join(ROOT, 'k8s', 'kafka-topics.yaml'), 'utf8');
  return parseAllDocuments(text)
    .map((d) => d.toJS())
    .filter((d) => d?.kind === 'KafkaTopic')
    .map((d) => ({
      topic: d.spec.topicName ?? d.metadata.name,
      numPartitions: d.spec.partitions,
      // A single broker: replication 1, and min.insync.replicas cannot exceed it.
      configEntries: Object.entries(d.spec.config ?? {})
        .filter(([name]) => name !== 'min.insync.replicas')
        .map(([name, value]) => ({ name, value: String(value) })),
    }));
}

/** Creates the topics that do not exist yet (kafkajs admin). */
export async function createKafkaTopics(brokers, topics) {
  const { default: kafkajs } = await import('kafkajs');
  const kafka = new kafkajs.Kafka({
    clientId: 'manzil-engines',
    brokers,
    logLevel: kafkajs.logLevel.NOTHING,
  });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((t) => !existing.has(t.topic));
    if (!missing.length) return 0;
    await admin.createTopics({ topics: missing, timeout: 30_000 });
    // Not kafkajs' waitForLeaders: it gives up while a KRaft broker still answers "unknown
    // topic" for a topic it has just created.
    const names = missing.map((t) => t.topic);
    const ready = await waitFor(
      () =>
        admin
          .fetchTopicMetadata({ topics: names })
          .then((m) =>
            m.topics.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0)),
          )
          .catch(() => false),
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    if (!ready) throw new Error(`no leader for ${names.join(', ')} within 30 s`);
    return missing.length;
  } finally {
    await admin.disconnect();
  }
}

/**
 * A fresh broker creates its group coordinator's topic (__consumer_offsets) and producer-id
 * state on first use, and answers "coordinator is loading" meanwhile: every service's consumer
 * then crashes and restarts once. One idempotent producer and one group join here do it first,
 * so "ready" means ready for the services too.
 */
async function warmUpKafka(brokers, topic) {
  const { default: kafkajs } = await import('kafkajs');
  const kafka = new kafkajs.Kafka({
    clientId: 'manzil-engines',
    brokers,
    logLevel: kafkajs.logLevel.NOTHING,
  });
  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: kafkajs.Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  await producer.disconnect();
  const consumer = kafka.consumer({ groupId: 'manzil-engines-warm-up', maxWaitTimeInMs: 100 });
  try {
    await consumer.connect();
    await consumer.subscribe({ topics: [topic] });
    const joined = new Promise((resolve) => consumer.on(consumer.events.GROUP_JOIN, resolve));
    await consumer.run({ eachMessage: async () => undefined });
    await joined;
  } finally {
    await consumer.disconnect();
  }
  const admin = kafka.admin();
  await admin.connect();
  await admin.deleteGroups(['manzil-engines-warm-up']).catch(() => undefined);
  await admin.disconnect();
}

/** True when the broker answers a metadata request. */
async function kafkaAnswers(brokers) {
  const { default: kafkajs } = await import('kafkajs');
  const kafka = new kafkajs.Kafka({
    clientId: 'manzil-engines',
    brokers,
    logLevel: kafkajs.logLevel.NOTHING,
    retry: { retries: 0 },
    connectionTimeout: 1_000,
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    await admin.describeCluster();
    return true;
  } catch {
    return false;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

/**
 * A Kafka broker. Resolves a handle { name, brokers, version, owned, external, ms, stop() },
 * or { skipped: reason } when it cannot run here (one line printed).
 *   owner: 'cli' for a broker that outlives this process (`engines.mjs start`)
 */
export async function ensureKafka({ quiet = false, owner = process.pid } = {}) {
  const log = logger('Kafka', quiet);
  const name = 'kafka';
  if (process.env.KAFKA_BROKERS?.trim()) {
    const brokers = process.env.KAFKA_BROKERS.split(',')
      .map((b) => b.trim())
      .filter(Boolean);
    log(`using KAFKA_BROKERS (${brokers.join(',')})`);
    return { name, brokers, external: true, owned: false, stop: async () => undefined };
  }
  await reapOrphans(name, log);
  const running = owner === 'cli' ? null : cliStarted(name);
  if (running) {
    log(`using the broker started by \`engines.mjs start kafka\` (${running.brokers.join(',')})`);
    return {
      name,
      brokers: running.brokers,
      version: running.version,
      external: true,
      owned: false,
      stop: async () => undefined,
    };
  }
  const java = findJava({ min: 17 });
  if (!java)
    return skipped(
      name,
      `no Java 17+ found (JAVA_HOME, PATH, /usr/lib/jvm): Kafka ${KAFKA_VERSION} needs it`,
      log,
    );
  const libs = path.join(CACHE, `kafka-${KAFKA_VERSION}-${hashOf(KAFKA_POM)}`, 'libs');
  const refused = await fetchWithMaven(KAFKA_POM, libs, log);
  if (refused) return skipped(name, refused, log);
  pruneCache('kafka', path.dirname(libs));

  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-kafka-'));
  const [port, controllerPort] = [await freePort(), await freePort()];
  const brokers = [`127.0.0.1:${port}`];
  const config = path.join(dir, 'server.properties');
  fs.writeFileSync(
    config,
    [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
      `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
      'controller.listener.names=CONTROLLER',
      'inter.broker.listener.name=PLAINTEXT',
      'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      `log.dirs=${path.join(dir, 'data')}`,
      // As in production: a topic nobody declared is an error, not a new topic.
      'auto.create.topics.enable=false',
      'num.partitions=1',
      // One broker: internal topics with one replica, and few partitions so they are created fast.
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=1',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'transaction.state.log.num.partitions=1',
      'share.coordinator.state.topic.replication.factor=1',
      'share.coordinator.state.topic.min.isr=1',
      // Tests join and leave groups all the time: no waiting for more members.
      'group.initial.rebalance.delay.ms=0',
      '',
    ].join('\n'),
  );
  const classpath = `${libs}/*`;
  const jvm = [
    '-Xms128m',
    '-Xmx384m',
    '-XX:+UseSerialGC',
    '-Djava.awt.headless=true',
    `-Dlog4j2.configurationFile=${KAFKA_LOG4J}`,
  ];
  // Base64url of 16 random bytes, never starting with '-' (as Kafka's own Uuid.randomUuid): one id
  // in 64 did, and the storage tool took it for an option ("--cluster-id: expected one argument").
  let clusterId;
  do clusterId = crypto.randomBytes(16).toString('base64url');
  while (clusterId.startsWith('-'));
  const format = spawnSync(
    java.bin,
    [...jvm, '-cp', classpath, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', config],
    {
      encoding: 'utf8',
    },
  );
  if (format.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    return skipped(
      name,
      `kafka-storage format failed: ${tail(`${format.stdout}${format.stderr}`, 3).trim()}`,
      log,
    );
  }
  const logFile = path.join(mkdirp(ENGINE_LOGS), `kafka-${port}.log`);
  fs.writeFileSync(logFile, '');
  const proc = launch({
    engine: name,
    cmd: java.bin,
    args: [...jvm, `-Dkafka.logs.dir=${path.join(dir, 'logs')}`, '-cp', classpath, 'kafka.Kafka', config],
    env: { ...process.env, LOG_DIR: path.join(dir, 'logs') },
    cwd: dir,
    dir,
    logFile,
    owner,
    info: { brokers, version: KAFKA_VERSION, java: java.major },
  });
  const ready = await waitFor(
    async () => proc.exited() || ((await portOpenQuick(port)) && (await kafkaAnswers(brokers))),
    { timeoutMs: KAFKA_START_TIMEOUT_MS, intervalMs: 250 },
  );
  if (!ready || proc.exited()) {
    const why = proc.exited() ? 'exited' : `did not answer within ${seconds(KAFKA_START_TIMEOUT_MS)}`;
    const logTail = tail(fs.readFileSync(logFile, 'utf8'), 15);
    await proc.stop();
    throw new EngineError(`Kafka ${KAFKA_VERSION} ${why}; see ${path.relative(ROOT, logFile)}\n${logTail}`);
  }
  const readyMs = Date.now() - started;
  let created;
  try {
    const declared = await productionTopics();
    created = await createKafkaTopics(brokers, declared);
    await warmUpKafka(brokers, declared[0].topic);
  } catch (error) {
    await proc.stop();
    throw new EngineError(`Kafka: creating the topics of k8s/kafka-topics.yaml failed: ${error.message}`);
  }
  const ms = Date.now() - started;
  log(
    `${KAFKA_VERSION} (KRaft, Java ${java.major}) on ${brokers[0]} ${c.dim(`(pid ${proc.state.pid})`)} answered in ${seconds(readyMs)}` +
      `, ${created} topics created, ready in ${seconds(ms)}`,
  );
  return {
    name,
    brokers,
    version: KAFKA_VERSION,
    pid: proc.state.pid,
    logFile,
    owned: true,
    external: false,
    ms,
    readyMs,
    async stop() {
      await proc.stop();
      log(`stopped (pid ${proc.state.pid})`);
    },
  };
}

function portOpenQuick(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(300, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export class EngineError extends Error {}

// ---------------------------------------------------------------------------------------
// OpenSearch

const OPENSEARCH_POM = path.join(ENGINES_DIR, 'opensearch', 'pom.xml');
export const OPENSEARCH_VERSION = pomVersion(OPENSEARCH_POM, 'opensearch.version');
/** The modules the integ-test zip leaves out, installed from their Maven jars: name → plugin class. */
const OPENSEARCH_MODULES = {
  'analysis-common': 'org.opensearch.analysis.common.CommonAnalysisPlugin',
  geo: 'org.opensearch.geo.GeoModulePlugin',
};
const OPENSEARCH_USER = 'opensearch';

/** OpenSearch refuses to run as root: the uid/gid to run it as (created once), or null when not root. */
function opensearchIds() {
  if (process.getuid?.() !== 0) return null;
  const lookup = () => {
    const u = spawnSync('id', ['-u', OPENSEARCH_USER], { encoding: 'utf8' });
    const g = spawnSync('id', ['-g', OPENSEARCH_USER], { encoding: 'utf8' });
    return u.status === 0 && g.status === 0 ? { uid: Number(u.stdout), gid: Number(g.stdout) } : null;
  };
  let ids = lookup();
  if (!ids) {
    spawnSync('groupadd', ['--system', OPENSEARCH_USER], { stdio: 'ignore' });
    spawnSync(
      'useradd',
      [
        '--system',
        '-g',
        OPENSEARCH_USER,
        '-M',
        '-d',
        '/nonexistent',
        '-s',
        '/usr/sbin/nologin',
        OPENSEARCH_USER,
      ],
      {
        stdio: 'ignore',
      },
    );
    ids = lookup();
  }
  return ids;
}

/** Can the `opensearch` user read `file` (and so traverse every folder above it)? */
function readableBy(ids, file) {
  return (
    spawnSync('setpriv', [`--reuid=${ids.uid}`, `--regid=${ids.gid}`, '--clear-groups', 'test', '-r', file])
      .status === 0
  );
}

/** The unzipped distribution with the two modules, under .cache/engines (built once). */
async function opensearchHome(log) {
  const base = path.join(CACHE, `opensearch-${OPENSEARCH_VERSION}-${hashOf(OPENSEARCH_POM)}`);
  const home = path.join(base, `opensearch-${OPENSEARCH_VERSION}`);
  if (fs.existsSync(path.join(home, '.manzil-complete'))) return { home };
  const maven = path.join(base, 'maven');
  const refused = await fetchWithMaven(OPENSEARCH_POM, maven, log);
  if (refused) return { refused };
  const zip = fs.readdirSync(maven).find((f) => f.endsWith('.zip'));
  if (!zip) return { refused: `no distribution zip among ${fs.readdirSync(maven).join(', ')}` };
  const tmp = path.join(base, `unzip-${process.pid}`);
  fs.rmSync(tmp, { recursive: true, force: true });
  mkdirp(tmp);
  // unzip keeps the scripts' execute bits; the JDK's jar tool (always there with Java) does not.
  const unzip = which('unzip')
    ? spawnSync('unzip', ['-q', path.join(maven, zip), '-d', tmp], { encoding: 'utf8' })
    : spawnSync('jar', ['xf', path.join(maven, zip)], { cwd: tmp, encoding: 'utf8' });
  if (unzip.status !== 0) return { refused: `could not unzip ${zip}: ${unzip.stderr}` };
  const unpacked = path.join(tmp, `opensearch-${OPENSEARCH_VERSION}`);
  for (const f of fs.readdirSync(path.join(unpacked, 'bin')))
    fs.chmodSync(path.join(unpacked, 'bin', f), 0o755);
  for (const [module, classname] of Object.entries(OPENSEARCH_MODULES)) {
    const jar = fs.readdirSync(maven).find((f) => f.startsWith(`${module}-`) && f.endsWith('.jar'));
    if (!jar) return { refused: `the ${module} module jar is missing from ${path.relative(ROOT, maven)}` };
    const dir = mkdirp(path.join(unpacked, 'modules', module));
    fs.copyFileSync(path.join(maven, jar), path.join(dir, jar));
    fs.writeFileSync(
      path.join(dir, 'plugin-descriptor.properties'),
      [
        `description=${module} module (installed by scripts/engines.mjs from its Maven Central jar)`,
        `version=${OPENSEARCH_VERSION}`,
        `name=${module}`,
        `classname=${classname}`,
        'java.version=11',
        `opensearch.version=${OPENSEARCH_VERSION}`,
        'extended.plugins=',
        'has.native.controller=false',
        '',
      ].join('\n'),
    );
  }
  fs.writeFileSync(path.join(unpacked, '.manzil-complete'), '');
  fs.rmSync(home, { recursive: true, force: true });
  fs.renameSync(unpacked, home);
  fs.rmSync(tmp, { recursive: true, force: true });
  pruneCache('opensearch', base);
  return { home };
}

/**
 * An OpenSearch node. Resolves { name, url, version, owned, external, ms, stop() }, or
 * { skipped: reason } when it cannot run here (one line printed).
 */
export async function ensureOpenSearch({ quiet = false, owner = process.pid } = {}) {
  const log = logger('OpenSearch', quiet);
  const name = 'opensearch';
  if (process.env.OPENSEARCH_URL?.trim()) {
    const url = process.env.OPENSEARCH_URL.trim().replace(/\/$/, '');
    log(`using OPENSEARCH_URL (${url})`);
    return { name, url, external: true, owned: false, stop: async () => undefined };
  }
  await reapOrphans(name, log);
  const running = owner === 'cli' ? null : cliStarted(name);
  if (running) {
    log(`using the node started by \`engines.mjs start opensearch\` (${running.url})`);
    return {
      name,
      url: running.url,
      version: running.version,
      external: true,
      owned: false,
      stop: async () => undefined,
    };
  }
  // 2.x installs a Security Manager, which Java 24 removed: 17 to 23.
  const java = findJava({ min: 17, max: 23 });
  if (!java)
    return skipped(
      name,
      `no Java 17–23 found (JAVA_HOME, PATH, /usr/lib/jvm): OpenSearch ${OPENSEARCH_VERSION} needs one`,
      log,
    );
  const dist = await opensearchHome(log);
  if (dist.refused) return skipped(name, dist.refused, log);
  let home = dist.home;

  const started = Date.now();
  const ids = opensearchIds();
  if (process.getuid?.() === 0 && !ids)
    return skipped(
      name,
      `running as root and could not create the user "${OPENSEARCH_USER}" to run OpenSearch as`,
      log,
    );
  if (ids && !readableBy(ids, path.join(home, 'lib'))) {
    // A clone under a folder the `opensearch` user cannot enter: run a copy from /tmp.
    const copy = path.join(
      os.tmpdir(),
      `manzil-opensearch-home-${OPENSEARCH_VERSION}-${hashOf(OPENSEARCH_POM)}`,
    );
    if (!fs.existsSync(path.join(copy, '.manzil-complete'))) {
      fs.rmSync(copy, { recursive: true, force: true });
      fs.cpSync(home, copy, { recursive: true });
    }
    home = copy;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-opensearch-'));
  const [port, transportPort] = [await freePort(), await freePort()];
  const conf = mkdirp(path.join(dir, 'config'));
  for (const f of ['jvm.options', 'log4j2.properties'])
    fs.copyFileSync(path.join(ENGINES_DIR, 'opensearch', f), path.join(conf, f));
  fs.writeFileSync(
    path.join(conf, 'opensearch.yml'),
    [
      'cluster.name: manzil-test',
      'node.name: manzil-test',
      'discovery.type: single-node',
      'network.host: 127.0.0.1',
      `http.port: ${port}`,
      `transport.port: ${transportPort}`,
      `path.data: ${path.join(dir, 'data')}`,
      `path.logs: ${path.join(dir, 'logs')}`,
      // Shared machines have full disks: never refuse to allocate a shard for it.
      'cluster.routing.allocation.disk.threshold_enabled: false',
      '',
    ].join('\n'),
  );
  for (const sub of ['data', 'logs', 'tmp']) mkdirp(path.join(dir, sub));
  if (ids) spawnSync('chown', ['-R', `${ids.uid}:${ids.gid}`, dir]);
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(mkdirp(ENGINE_LOGS), `opensearch-${port}.log`);
  fs.writeFileSync(logFile, '');
  const proc = launch({
    engine: name,
    cmd: path.join(home, 'bin', 'opensearch'),
    args: [],
    env: {
      PATH: process.env.PATH,
      JAVA_HOME: java.home,
      OPENSEARCH_JAVA_HOME: java.home,
      OPENSEARCH_PATH_CONF: conf,
      OPENSEARCH_TMPDIR: path.join(dir, 'tmp'),
    },
    cwd: dir,
    dir,
    logFile,
    owner,
    ...(ids ?? {}),
    info: { url, version: OPENSEARCH_VERSION, java: java.major },
  });
  const ready = await waitFor(
    async () => {
      if (proc.exited()) return true;
      const r = await httpGet(`${url}/_cluster/health?wait_for_status=yellow&timeout=1s`, 3_000);
      return r?.status === 200;
    },
    { timeoutMs: OPENSEARCH_START_TIMEOUT_MS, intervalMs: 500 },
  );
  if (!ready || proc.exited()) {
    const why = proc.exited() ? 'exited' : `was not yellow within ${seconds(OPENSEARCH_START_TIMEOUT_MS)}`;
    const logTail = tail(fs.readFileSync(logFile, 'utf8'), 15);
    await proc.stop();
    throw new EngineError(
      `OpenSearch ${OPENSEARCH_VERSION} ${why}; see ${path.relative(ROOT, logFile)}\n${logTail}`,
    );
  }
  const ms = Date.now() - started;
  log(
    `${OPENSEARCH_VERSION} (Java ${java.major}) on ${url} ${c.dim(`(pid ${proc.state.pid})`)} ready in ${seconds(ms)}`,
  );
  return {
    name,
    url,
    version: OPENSEARCH_VERSION,
    pid: proc.state.pid,
    logFile,
    owned: true,
    external: false,
    ms,
    async stop() {
      await proc.stop();
      log(`stopped (pid ${proc.state.pid})`);
    },
  };
}

// ---------------------------------------------------------------------------------------
// Both

/**
 * Starts (or finds) the engines asked for, side by side. Never throws: an engine that fails
 * to start is reported as skipped with the reason. Returns
 *   { kafka, opensearch, env(prefix), stop() }
 * where env('MANZIL_TEST_') gives MANZIL_TEST_KAFKA_BROKERS / MANZIL_TEST_OPENSEARCH_URL (or
 * MANZIL_TEST_KAFKA_SKIPPED / MANZIL_TEST_OPENSEARCH_SKIPPED with the reason), env('') the
 * services' KAFKA_BROKERS / OPENSEARCH_URL.
 */
export async function ensureEngines({
  kafka = true,
  opensearch = true,
  quiet = false,
  owner = process.pid,
} = {}) {
  const guard = async (name, fn) => {
    try {
      return await fn();
    } catch (error) {
      const reason = error instanceof EngineError ? error.message : (error?.stack ?? String(error));
      if (!quiet) warn(`${name}: could not start — ${reason}`);
      return { name, skipped: reason.split('\n')[0], owned: false, stop: async () => undefined };
    }
  };
  const [k, o] = await Promise.all([
    kafka ? guard('kafka', () => ensureKafka({ quiet, owner })) : undefined,
    opensearch ? guard('opensearch', () => ensureOpenSearch({ quiet, owner })) : undefined,
  ]);
  return {
    kafka: k,
    opensearch: o,
    env(prefix = '') {
      const env = {};
      if (k?.brokers) env[`${prefix}KAFKA_BROKERS`] = k.brokers.join(',');
      else if (k?.skipped && prefix) env[`${prefix}KAFKA_SKIPPED`] = k.skipped;
      if (o?.url) env[`${prefix}OPENSEARCH_URL`] = o.url;
      else if (o?.skipped && prefix) env[`${prefix}OPENSEARCH_SKIPPED`] = o.skipped;
      return env;
    },
    async stop() {
      await Promise.all([k?.stop(), o?.stop()]);
    },
  };
}

// ---------------------------------------------------------------------------------------
// CLI

async function cli(argv) {
  const [command, which_ = 'all'] = argv;
  const engines = which_ === 'all' ? ['kafka', 'opensearch'] : [which_];
  if (
    !['start', 'stop', 'status'].includes(command) ||
    !engines.every((e) => ['kafka', 'opensearch'].includes(e))
  ) {
    console.log('usage: node scripts/engines.mjs start|stop|status [kafka|opensearch|all]');
    return 2;
  }
  if (command === 'start') {
    let code = 0;
    for (const engine of engines) {
      const existing = cliStarted(engine);
      if (existing) {
        say(
          `${engine}: already running (pid ${existing.pid}) at ${existing.brokers?.join(',') ?? existing.url}`,
        );
        continue;
      }
      const saved = { KAFKA_BROKERS: process.env.KAFKA_BROKERS, OPENSEARCH_URL: process.env.OPENSEARCH_URL };
      delete process.env.KAFKA_BROKERS;
      delete process.env.OPENSEARCH_URL;
      try {
        const h =
          engine === 'kafka' ? await ensureKafka({ owner: 'cli' }) : await ensureOpenSearch({ owner: 'cli' });
        if (h.skipped) code = 1;
        else
          console.log(
            engine === 'kafka' ? `KAFKA_BROKERS=${h.brokers.join(',')}` : `OPENSEARCH_URL=${h.url}`,
          );
      } catch (error) {
        warn(error.message);
        code = 1;
      } finally {
        Object.assign(process.env, saved);
      }
    }
    return code;
  }
  if (command === 'stop') {
    for (const engine of engines) {
      const files = stateFiles(engine);
      if (!files.length) say(`${engine}: nothing running from this clone`);
      for (const file of files) {
        const state = readJson(file);
        if (state) {
          await killEngine(state, 20_000);
          say(
            `${engine}: stopped pid ${state.pid}${state.owner === 'cli' ? '' : ` (was started by pid ${state.owner})`}`,
          );
        }
        fs.rmSync(file, { force: true });
      }
    }
    return 0;
  }
  for (const engine of engines) {
    const states = stateFiles(engine)
      .map((f) => readJson(f))
      .filter(Boolean);
    if (!states.length) console.log(`${engine}: not running (from this clone)`);
    for (const s of states) {
      const running = ours(s);
      const orphan = running && s.owner !== 'cli' && !alive(s.owner);
      const by = s.owner === 'cli' ? 'engines.mjs start' : `pid ${s.owner}`;
      const note = !running
        ? ' (stale state; `stop` cleans it)'
        : orphan
          ? ' (that run has ended: the next run or `stop` stops it)'
          : '';
      console.log(
        `${engine}: ${running ? c.green('running') : c.red('dead')} pid ${s.pid} ${s.brokers?.join(',') ?? s.url} ${c.dim(`version ${s.version}, started by ${by}${note}`)}`,
      );
    }
  }
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  process.exitCode = await cli(process.argv.slice(2));
  // kafkajs may keep sockets a moment; the engines started with `start` live on regardless.
  await sleep(10);
  process.exit(process.exitCode);
}
