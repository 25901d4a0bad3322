/**
 * Static checks of the production manifests (k8s/**) and of docker-compose.yml. There is no
 * cluster and no Docker engine here, so this is what can be known without one: every file
 * parses, every object has the shape its kind needs, and the objects agree with each other
 * and with contracts (SERVICES, TOPIC_LIST).
 */
import { describe, expect, it } from '@jest/globals';
import { Ajv, type ValidateFunction } from 'ajv';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { GATEWAY_PORT, SERVICES, TOPIC_LIST, type TopicDeclaration } from '@manzil/contracts';
import { trustProxySchema } from '@manzil/nest-kit';
import { SERVICE_NODE_OPTIONS } from '../scripts/lib/services.mjs';

type Obj = Record<string, unknown>;
interface Manifest {
  file: string; // relative to k8s/
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: Obj;
  [key: string]: unknown;
}
interface Port {
  name?: string;
  containerPort: number;
}
interface Container {
  name: string;
  image: string;
  ports?: Port[];
  env?: {
    name: string;
    value?: string;
    valueFrom?: { configMapKeyRef?: { name: string; key: string } };
  }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: { httpGet?: { path: string; port: number | string } };
  livenessProbe?: { httpGet?: { path: string; port: number | string } };
  resources?: { requests?: Obj; limits?: Obj };
  securityContext?: { runAsNonRoot?: boolean; allowPrivilegeEscalation?: boolean };
}
interface PodSpec {
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
  containers: Container[];
  initContainers?: Container[];
}
interface Deployment extends Manifest {
  spec: {
    selector: { matchLabels: Record<string, string> };
    template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
  };
}

const k8sDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(k8sDir, '..');

/** Every YAML file under k8s/, relative to k8s/, sorted. */
function yamlFiles(dir = k8sDir): string[] {
  return readdirSync(dir)
    .flatMap((entry) => {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) return entry === 'node_modules' ? [] : yamlFiles(full);
      return /\.ya?ml$/.test(entry) ? [relative(k8sDir, full)] : [];
    })
    .sort();
}

function loadManifests(): Manifest[] {
  const manifests: Manifest[] = [];
  for (const file of yamlFiles()) {
    if (file === 'kustomization.yaml') continue;
    for (const doc of parseAllDocuments(readFileSync(join(k8sDir, file), 'utf8'))) {
      if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
      const value = doc.toJS() as Obj | null;
      if (value !== null) manifests.push({ ...value, file } as Manifest);
    }
  }
  return manifests;
}

const manifests = loadManifests();
const ofKind = <T extends Manifest = Manifest>(kind: string): T[] =>
  manifests.filter((m) => m.kind === kind) as T[];
const deployments = ofKind<Deployment>('Deployment');
const kustomization = parse(readFileSync(join(k8sDir, 'kustomization.yaml'), 'utf8')) as {
  namespace?: string;
  resources: string[];
  images?: { name: string; newName?: string; newTag?: string }[];
};
// merge: true for the `<<: *anchor` merge keys Compose understands
const compose = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
  networks?: { default?: { ipam?: { config?: { subnet: string }[] } } };
};
interface ComposeService {
  image?: string;
  build?: { context: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string | number>;
  ports?: string[];
  profiles?: string[];
  env_file?: { path: string }[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  networks?: { default?: { ipv4_address?: string } };
}

/** Every deployed app: the services of contracts except the sandbox, plus the gateway. */
const deployed: Record<string, number> = {
  gateway: GATEWAY_PORT,
  ...Object.fromEntries(
    Object.entries(SERVICES)
      .filter(([name]) => name !== 'sandbox')
      .map(([name, { port }]) => [name, port]),
  ),
};
const byName = (a: TopicDeclaration, b: TopicDeclaration) => a.name.localeCompare(b.name);
const expectedTopics = [...TOPIC_LIST].sort(byName);

// ---- small JSON schemas for the shapes the checks below rely on ----
const labelMap = { type: 'object', minProperties: 1, additionalProperties: { type: 'string' } };
const metadata = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', pattern: '^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$', maxLength: 253 } },
};
const quantities = { type: 'object', required: ['cpu', 'memory'], properties: { cpu: {}, memory: {} } };
const httpProbe = {
  type: 'object',
  required: ['httpGet'],
  properties: {
    httpGet: {
      type: 'object',
      required: ['path', 'port'],
      properties: { path: { type: 'string', pattern: '^/' }, port: { type: ['string', 'integer'] } },
    },
  },
};
const container = {
  type: 'object',
  required: ['name', 'image', 'resources', 'securityContext'],
  properties: {
    name: { type: 'string' },
    image: { type: 'string', minLength: 1 },
    resources: {
      type: 'object',
      required: ['requests', 'limits'],
      properties: { requests: quantities, limits: { type: 'object', required: ['memory'] } },
    },
    // what Pod Security "restricted" asks of a container
    securityContext: {
      type: 'object',
      required: ['allowPrivilegeEscalation', 'capabilities'],
      properties: {
        allowPrivilegeEscalation: { const: false },
        capabilities: {
          type: 'object',
          required: ['drop'],
          properties: { drop: { type: 'array', contains: { const: 'ALL' } } },
        },
      },
    },
  },
};
const schemas: Record<string, object> = {
  Deployment: {
    type: 'object',
    required: ['apiVersion', 'kind', 'metadata', 'spec'],
    properties: {
      apiVersion: { const: 'apps/v1' },
      metadata,
      spec: {
        type: 'object',
        required: ['selector', 'template'],
        properties: {
          selector: { type: 'object', required: ['matchLabels'], properties: { matchLabels: labelMap } },
          template: {
            type: 'object',
            required: ['metadata', 'spec'],
            properties: {
              metadata: { type: 'object', required: ['labels'], properties: { labels: labelMap } },
              spec: {
                type: 'object',
                required: ['containers', 'securityContext'],
                properties: {
                  securityContext: {
                    type: 'object',
                    required: ['runAsNonRoot', 'seccompProfile'],
                    properties: {
                      runAsNonRoot: { const: true },
                      runAsUser: { type: 'integer', minimum: 1 },
                      seccompProfile: { type: 'object', properties: { type: { const: 'RuntimeDefault' } } },
                    },
                  },
                  initContainers: { type: 'array', items: container },
                  containers: {
                    type: 'array',
                    minItems: 1,
                    items: {
                      allOf: [
                        container,
                        {
                          type: 'object',
                          required: ['ports', 'readinessProbe', 'livenessProbe'],
                          properties: {
                            ports: {
                              type: 'array',
                              minItems: 1,
                              items: {
                                type: 'object',
                                required: ['containerPort'],
                                properties: {
                                  containerPort: { type: 'integer', minimum: 1, maximum: 65535 },
                                },
                              },
                            },
                            readinessProbe: httpProbe,
                            livenessProbe: httpProbe,
                          },
                        },
                      ],
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  Service: {
    type: 'object',
    required: ['apiVersion', 'metadata', 'spec'],
    properties: {
      apiVersion: { const: 'v1' },
      metadata,
      spec: {
        type: 'object',
        required: ['selector', 'ports'],
        properties: {
          selector: labelMap,
          ports: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              required: ['port', 'targetPort'],
              properties: { port: { type: 'integer' }, targetPort: { type: ['string', 'integer'] } },
            },
          },
        },
      },
    },
  },
  HorizontalPodAutoscaler: {
    type: 'object',
    required: ['apiVersion', 'metadata', 'spec'],
    properties: {
      apiVersion: { const: 'autoscaling/v2' },
      metadata,
      spec: {
        type: 'object',
        required: ['scaleTargetRef', 'minReplicas', 'maxReplicas', 'metrics'],
        properties: {
          scaleTargetRef: {
            type: 'object',
            required: ['apiVersion', 'kind', 'name'],
            properties: { apiVersion: { const: 'apps/v1' }, kind: { const: 'Deployment' } },
          },
          minReplicas: { type: 'integer', minimum: 2 },
          maxReplicas: { type: 'integer' },
          metrics: { type: 'array', minItems: 1 },
        },
      },
    },
  },
  Ingress: {
    type: 'object',
    required: ['apiVersion', 'metadata', 'spec'],
    properties: {
      apiVersion: { const: 'networking.k8s.io/v1' },
      metadata,
      spec: {
        type: 'object',
        required: ['tls', 'rules'],
        properties: {
          tls: {
            type: 'array',
            minItems: 1,
            items: { type: 'object', required: ['hosts', 'secretName'] },
          },
          rules: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              required: ['host', 'http'],
              properties: {
                http: {
                  type: 'object',
                  required: ['paths'],
                  properties: {
                    paths: {
                      type: 'array',
                      minItems: 1,
                      items: {
                        type: 'object',
                        required: ['path', 'pathType', 'backend'],
                        properties: {
                          backend: {
                            type: 'object',
                            required: ['service'],
                            properties: { service: { type: 'object', required: ['name', 'port'] } },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  KafkaTopic: {
    type: 'object',
    required: ['apiVersion', 'metadata', 'spec'],
    properties: {
      apiVersion: { const: 'kafka.strimzi.io/v1beta2' },
      metadata: {
        ...metadata,
        required: ['name', 'labels'],
        properties: {
          ...metadata.properties,
          labels: { type: 'object', required: ['strimzi.io/cluster'] },
        },
      },
      spec: {
        type: 'object',
        required: ['partitions', 'replicas'],
        properties: {
          partitions: { type: 'integer', minimum: 1 },
          replicas: { const: 3 },
          topicName: { type: 'string' },
          config: { type: 'object', required: ['retention.ms'] },
        },
      },
    },
  },
};
const ajv = new Ajv({ allErrors: true, strict: false });
const validators: Record<string, ValidateFunction> = Object.fromEntries(
  Object.entries(schemas).map(([kind, schema]) => [kind, ajv.compile(schema)]),
);

const matches = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);
const containersOf = (d: Deployment) => [
  ...d.spec.template.spec.containers,
  ...(d.spec.template.spec.initContainers ?? []),
];
const deploymentNamed = (name: string) => deployments.find((d) => d.metadata.name === name);

describe('k8s manifests', () => {
  it('finds the manifests', () => {
    expect(manifests.length).toBeGreaterThan(20);
  });

  it('every document has apiVersion, kind and metadata.name', () => {
    const bad = manifests
      .filter(
        (m) =>
          typeof m.apiVersion !== 'string' ||
          typeof m.kind !== 'string' ||
          typeof m.metadata?.name !== 'string',
      )
      .map((m) => `${m.file}: ${m.kind ?? '?'} ${m.metadata?.name ?? '?'}`);
    expect(bad).toEqual([]);
  });

  it('names are unique per kind', () => {
    const seen = manifests.map((m) => `${m.kind}/${m.metadata.name}`);
    expect(seen.filter((key, i) => seen.indexOf(key) !== i)).toEqual([]);
  });

  it('no manifest pins a namespace (kustomization sets it)', () => {
    expect(
      manifests.filter((m) => m.kind !== 'Namespace' && 'namespace' in m.metadata).map((m) => m.file),
    ).toEqual([]);
    expect(ofKind('Namespace').map((n) => n.metadata.name)).toEqual([kustomization.namespace]);
  });

  it.each(Object.keys(schemas))('every %s matches its schema', (kind) => {
    const errors = ofKind(kind).flatMap((m) => {
      const { file: _file, ...object } = m;
      return validators[kind](object)
        ? []
        : [`${m.file} ${m.metadata.name}: ${ajv.errorsText(validators[kind].errors, { dataVar: kind })}`];
    });
    expect(errors).toEqual([]);
  });

  describe('Deployments', () => {
    it('select their own pod template', () => {
      const bad = deployments
        .filter((d) => !matches(d.spec.selector.matchLabels, d.spec.template.metadata.labels))
        .map((d) => d.metadata.name);
      expect(bad).toEqual([]);
    });

    it('have selectors no other Deployment also matches', () => {
      for (const d of deployments) {
        const overlapping = deployments.filter((o) =>
          matches(d.spec.selector.matchLabels, o.spec.template.metadata.labels),
        );
        expect(overlapping.map((o) => o.metadata.name)).toEqual([d.metadata.name]);
      }
    });

    it('probe /ready for readiness and /health for liveness on a declared port', () => {
      for (const d of deployments) {
        for (const c of d.spec.template.spec.containers) {
          const ports = (c.ports ?? []).flatMap((p) => [p.containerPort, p.name]);
          expect([d.metadata.name, c.readinessProbe?.httpGet?.path]).toEqual([d.metadata.name, '/ready']);
          expect([d.metadata.name, c.livenessProbe?.httpGet?.path]).toEqual([d.metadata.name, '/health']);
          expect(ports).toContain(c.readinessProbe?.httpGet?.port);
          expect(ports).toContain(c.livenessProbe?.httpGet?.port);
        }
      }
    });

    it('run as non-root, with requests and limits, in every container', () => {
      for (const d of deployments) {
        const pod = d.spec.template.spec;
        for (const c of containersOf(d)) {
          const where = `${d.metadata.name}/${c.name}`;
          expect([where, pod.securityContext?.runAsNonRoot ?? c.securityContext?.runAsNonRoot]).toEqual([
            where,
            true,
          ]);
          expect([where, Boolean(c.resources?.requests?.cpu && c.resources?.requests?.memory)]).toEqual([
            where,
            true,
          ]);
          expect([where, Boolean(c.resources?.limits?.memory)]).toEqual([where, true]);
        }
      }
    });

    it('listen on the port of contracts and get it as PORT', () => {
      for (const [name, port] of Object.entries(deployed)) {
        const app = deploymentNamed(name)?.spec.template.spec.containers.find((c) => c.name === name);
        expect([name, app?.ports?.find((p) => p.name === 'http')?.containerPort]).toEqual([name, port]);
        expect([name, app?.env?.find((e) => e.name === 'PORT')?.value]).toEqual([name, String(port)]);
      }
    });

    it('are all scraped by Prometheus on a metrics port that no Service exposes', () => {
      const monitors = ofKind('PodMonitor');
      for (const name of Object.keys(deployed)) {
        const pod = deploymentNamed(name)?.spec.template;
        const app = pod?.spec.containers.find((c) => c.name === name);
        const metricsPort = app?.env?.find((e) => e.name === 'METRICS_PORT')?.value;
        const declared = app?.ports?.find((p) => p.name === 'metrics');
        expect([name, declared?.containerPort]).toEqual([name, Number(metricsPort)]);
        const scraping = monitors.filter((m) => {
          const spec = m.spec as {
            selector: {
              matchLabels?: Record<string, string>;
              matchExpressions?: { key: string; operator: string; values: string[] }[];
            };
            podMetricsEndpoints: { port: string; path: string }[];
          };
          const labels = pod?.metadata.labels ?? {};
          const selected =
            matches(spec.selector.matchLabels ?? {}, labels) &&
            (spec.selector.matchExpressions ?? []).every(
              (e) => e.operator === 'In' && e.values.includes(labels[e.key]),
            );
          return (
            selected && spec.podMetricsEndpoints.some((e) => e.port === 'metrics' && e.path === '/metrics')
          );
        });
        expect([name, scraping.length]).toEqual([name, 1]);
      }
      for (const svc of ofKind('Service')) {
        const ports = (svc.spec as { ports: { port: number; targetPort: number | string }[] }).ports;
        const exposed = ports.filter(
          (p) => p.targetPort === 'metrics' || p.targetPort === 9464 || p.port === 9464,
        );
        expect([svc.metadata.name, exposed]).toEqual([svc.metadata.name, []]);
      }
    });

    it('believe X-Forwarded-For from exactly the configured proxy ranges', () => {
      const [ranges] = ofKind('ConfigMap').filter((c) => c.metadata.name === 'manzil-trusted-proxies');
      const data = (ranges as unknown as { data: Record<string, string> }).data;
      for (const [key, value] of Object.entries(data)) {
        expect([key, trustProxySchema.safeParse(value).success]).toEqual([key, true]);
        // nothing that lets the whole internet (or everyone) choose its own address
        expect([
          key,
          value.split(',').filter((e) => /(^|\/)0$|^0\.0\.0\.0|^::\/|true|loopback/.test(e.trim())),
        ]).toEqual([key, []]);
      }
      for (const name of Object.keys(deployed)) {
        const app = deploymentNamed(name)?.spec.template.spec.containers.find((c) => c.name === name);
        const from = app?.env?.find((e) => e.name === 'TRUST_PROXY')?.valueFrom?.configMapKeyRef;
        // the gateway trusts the ingress controller in front of it; the services, the gateway
        const key = name === 'gateway' ? 'ingress-controller' : 'gateway';
        expect([name, from]).toEqual([name, { name: 'manzil-trusted-proxies', key }]);
        expect([name, data[key]]).toEqual([name, expect.any(String)]);
      }
    });

    it('use images that kustomization.yaml knows', () => {
      const known = (kustomization.images ?? []).map((i) => i.name);
      const used = [...new Set(deployments.flatMap((d) => containersOf(d).map((c) => c.image)))];
      expect(used.filter((image) => !known.includes(image))).toEqual([]);
    });

    it("verify tokens with identity's JWKS (issuer and audience set); only identity holds the signing key", () => {
      const config = ofKind('ConfigMap').find((m) => m.metadata.name === 'manzil-config') as
        (Manifest & { data: Record<string, string> }) | undefined;
      expect(config?.data.JWT_JWKS_URL).toBe(
        `http://identity:${SERVICES.identity.port}/.well-known/jwks.json`,
      );
      expect(config?.data.JWT_ISSUER).toBeTruthy();
      expect(config?.data.JWT_AUDIENCE).toBeTruthy();
      for (const deployment of deployments) {
        for (const container of containersOf(deployment)) {
          const from = (container.envFrom ?? []).map((e) => e.configMapRef?.name);
          expect([deployment.metadata.name, from]).toEqual([
            deployment.metadata.name,
            expect.arrayContaining(['manzil-config']),
          ]);
        }
      }
      const signers = deployments.filter((d) =>
        containersOf(d).some((c) => c.env?.some((e) => e.name === 'JWT_PRIVATE_KEY')),
      );
      expect(signers.map((d) => d.metadata.name)).toEqual(['identity']);
    });

    it('point the gateway at every backend Service by name and port', () => {
      const env = deploymentNamed('gateway')?.spec.template.spec.containers[0].env ?? [];
      for (const [name, port] of Object.entries(deployed).filter(([n]) => n !== 'gateway')) {
        expect(env.find((e) => e.name === `${name.toUpperCase()}_URL`)?.value).toBe(`http://${name}:${port}`);
      }
    });
  });

  it('each deployed service and the gateway has a Deployment, a Service and an HPA', () => {
    const missing = Object.keys(deployed).flatMap((name) =>
      ['Deployment', 'Service', 'HorizontalPodAutoscaler']
        .filter((kind) => !ofKind(kind).some((m) => m.metadata.name === name))
        .map((kind) => `${kind}/${name}`),
    );
    expect(missing).toEqual([]);
    expect(deploymentNamed('sandbox')).toBeUndefined();
  });

  it('every Service selects a Deployment and targets one of its containerPorts', () => {
    for (const svc of ofKind('Service')) {
      const spec = svc.spec as {
        selector: Record<string, string>;
        ports: { port: number; targetPort: number | string }[];
      };
      const targets = deployments.filter((d) => matches(spec.selector, d.spec.template.metadata.labels));
      expect([svc.metadata.name, targets.length]).toEqual([svc.metadata.name, 1]);
      const ports = targets[0].spec.template.spec.containers.flatMap((c) =>
        (c.ports ?? []).flatMap((p) => [p.containerPort, p.name]),
      );
      for (const p of spec.ports)
        expect([svc.metadata.name, ports.includes(p.targetPort)]).toEqual([svc.metadata.name, true]);
    }
  });

  it('every HPA and PodDisruptionBudget targets an existing Deployment', () => {
    for (const hpa of ofKind('HorizontalPodAutoscaler')) {
      const ref = (hpa.spec as { scaleTargetRef: { name: string } }).scaleTargetRef;
      expect([hpa.metadata.name, Boolean(deploymentNamed(ref.name))]).toEqual([hpa.metadata.name, true]);
    }
    for (const pdb of ofKind('PodDisruptionBudget')) {
      const selector = (pdb.spec as { selector: { matchLabels: Record<string, string> } }).selector
        .matchLabels;
      const targets = deployments.filter((d) => matches(selector, d.spec.template.metadata.labels));
      expect([pdb.metadata.name, targets.length]).toEqual([pdb.metadata.name, 1]);
    }
  });

  it('one Ingress per site, with TLS, routing to the gateway Service', () => {
    const gatewayService = ofKind('Service').find((s) => s.metadata.name === 'gateway');
    const servicePorts = (gatewayService?.spec as { ports: { name?: string; port: number }[] }).ports;
    const ingresses = ofKind('Ingress');
    const hosts = ingresses.flatMap((ing) =>
      (ing.spec as { rules: { host: string }[] }).rules.map((r) => r.host),
    );
    expect(hosts.sort()).toEqual(['ae.manzil.example', 'sa.manzil.example']);
    for (const ing of ingresses) {
      const spec = ing.spec as {
        tls: { hosts: string[] }[];
        rules: {
          host: string;
          http: {
            paths: { backend: { service: { name: string; port: { name?: string; number?: number } } } }[];
          };
        }[];
      };
      for (const rule of spec.rules) {
        expect(spec.tls.flatMap((t) => t.hosts)).toContain(rule.host);
        for (const { backend } of rule.http.paths) {
          expect(backend.service.name).toBe('gateway');
          expect(
            servicePorts.some(
              (p) => p.name === backend.service.port.name || p.port === backend.service.port.number,
            ),
          ).toBe(true);
        }
      }
    }
  });

  it('kustomization lists exactly the manifest files, all of which exist', () => {
    const listed = [...kustomization.resources].sort();
    expect(listed.filter((file) => !yamlFiles().includes(file))).toEqual([]);
    expect(listed).toEqual(yamlFiles().filter((file) => file !== 'kustomization.yaml'));
  });

  it('KafkaTopic resources declare exactly the topics of TOPIC_LIST, with its partitions and retention', () => {
    const declared = ofKind('KafkaTopic').map((t) => {
      const spec = t.spec as { topicName?: string; partitions: number; config: Record<string, unknown> };
      return {
        name: spec.topicName ?? t.metadata.name,
        partitions: spec.partitions,
        retentionMs: Number(spec.config['retention.ms']),
      };
    });
    expect(declared.sort(byName)).toEqual(expectedTopics);
    const clusters = ofKind('Kafka').map((k) => k.metadata.name);
    for (const topic of ofKind('KafkaTopic'))
      expect(clusters).toContain(topic.metadata.labels?.['strimzi.io/cluster']);
  });

  it('Postgres (CloudNativePG) has a database and a role for every service with data', () => {
    const [cluster] = ofKind('Cluster');
    expect(cluster.apiVersion).toBe('postgresql.cnpg.io/v1');
    const roles = (cluster.spec as { managed: { roles: { name: string }[] } }).managed.roles.map(
      (r) => r.name,
    );
    const databases = ofKind('Database').map(
      (d) => d.spec as { name: string; owner: string; cluster: { name: string } },
    );
    for (const name of Object.keys(deployed).filter((n) => n !== 'gateway')) {
      expect(roles).toContain(name);
      expect(databases).toContainEqual({
        name: `manzil_${name}`,
        owner: name,
        cluster: { name: cluster.metadata.name },
      });
      const app = deploymentNamed(name)?.spec.template.spec.containers[0];
      expect(app?.env?.find((e) => e.name === 'DATABASE_URL')?.value).toContain(
        `@${cluster.metadata.name}-rw:5432/manzil_${name}?`,
      );
    }
    expect(ofKind('Redis').map((r) => r.apiVersion)).toEqual(['redis.redis.opstreelabs.in/v1beta2']);
  });
});

describe('Dockerfile', () => {
  it('runs every service with the Node flags npm start, the tests and the benches use', () => {
    const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^ENV NODE_ENV=production/m);
    expect(runtime.match(/NODE_OPTIONS=(\S+)/)?.[1]).toBe(SERVICE_NODE_OPTIONS);
    const overridden = Object.entries(compose.services).filter(
      ([, svc]) => svc.environment?.NODE_OPTIONS !== undefined,
    );
    expect(overridden.map(([name]) => name)).toEqual([]);
  });
});

describe('docker-compose.yml', () => {
  const services = compose.services;
  const all: Record<string, number> = {
    gateway: GATEWAY_PORT,
    ...Object.fromEntries(Object.entries(SERVICES).map(([n, s]) => [n, s.port])),
  };

  it.each(Object.entries(all))(
    '%s is built from the Dockerfile, listens on %i and is healthchecked on /health',
    (name, port) => {
      const svc = services[name];
      expect(svc).toBeDefined();
      expect(svc.build?.args?.SERVICE).toBe(name);
      expect(String(svc.environment?.PORT)).toBe(String(port));
      expect(svc.environment?.NODE_ENV).toBe(name === 'sandbox' ? 'development' : 'production');
      expect(svc.ports).toEqual([`${port}:${port}`]);
      expect(svc.healthcheck?.test.join(' ')).toContain('/health');
      expect(svc.depends_on?.redis?.condition).toBe('service_healthy');
    },
  );

  it.each(Object.keys(SERVICES))(
    '%s has its own database, migrated before it starts, on healthy Postgres',
    (name) => {
      const svc = services[name];
      const migrate = services[`${name}-migrate`];
      const url = `postgres://manzil:manzil@postgres:5432/manzil_${name}`;
      expect(svc.environment?.DATABASE_URL).toBe(url);
      expect(svc.environment?.KAFKA_BROKERS).toBe('kafka:9092');
      expect(svc.depends_on?.postgres?.condition).toBe('service_healthy');
      expect(svc.depends_on?.[`${name}-migrate`]?.condition).toBe('service_completed_successfully');
      expect(migrate.command).toEqual(['node', `services/${name}/dist/cli.js`, 'migrate']);
      expect(migrate.environment?.DATABASE_URL).toBe(url);
      expect(migrate.image).toBe(svc.image);
      expect(migrate.depends_on?.postgres?.condition).toBe('service_healthy');
      expect(readFileSync(join(k8sDir, 'compose', 'init-databases.sql'), 'utf8')).toMatch(
        new RegExp(`^CREATE DATABASE manzil_${name};$`, 'm'),
      );
    },
  );

  it('the gateway reaches every service by name and waits for the deployed ones', () => {
    const gateway = services.gateway;
    for (const [name, { port }] of Object.entries(SERVICES)) {
      expect(gateway.environment?.[`${name.toUpperCase()}_URL`]).toBe(`http://${name}:${port}`);
    }
    for (const name of Object.keys(deployed).filter((n) => n !== 'gateway')) {
      expect(gateway.depends_on?.[name]?.condition).toBe('service_healthy');
    }
  });

  it("every service verifies tokens with identity's JWKS; only identity reads the signing key", () => {
    for (const name of Object.keys(SERVICES)) {
      expect([name, services[name].environment?.JWT_JWKS_URL]).toEqual([
        name,
        `http://identity:${SERVICES.identity.port}/.well-known/jwks.json`,
      ]);
    }
    const withKey = Object.entries(services)
      .filter(([, s]) => s.env_file?.some((file) => file.path.includes('jwt-private')))
      .map(([n]) => n);
    expect(withKey.sort()).toEqual(['identity', 'identity-migrate']);
  });

  it('only search gets OpenSearch', () => {
    const withOpenSearch = Object.entries(services)
      .filter(([, s]) => s.environment?.OPENSEARCH_URL)
      .map(([n]) => n);
    expect(withOpenSearch.sort()).toEqual(['search', 'search-migrate']);
    expect(services.search.depends_on?.opensearch?.condition).toBe('service_healthy');
  });

  it('the sandbox (and its migration) and Mailpit run only under the dev profile', () => {
    const inDev = Object.entries(services)
      .filter(([, s]) => s.profiles?.includes('dev'))
      .map(([n]) => n);
    expect(inDev.sort()).toEqual(['mailpit', 'sandbox', 'sandbox-migrate']);
    const needsSandbox = Object.entries(services).filter(
      ([n, s]) => !n.startsWith('sandbox') && s.depends_on?.sandbox,
    );
    expect(needsSandbox).toEqual([]);
  });

  it('creates exactly the topics of TOPIC_LIST, with its partitions and retention, before the services start', () => {
    const script = (services['kafka-topics'].command ?? []).join('\n');
    const created = [...script.matchAll(/^\s*create (\S+) (\d+) (\d+)\s*$/gm)].map(
      ([, name, partitions, retentionMs]) => ({
        name,
        partitions: Number(partitions),
        retentionMs: Number(retentionMs),
      }),
    );
    expect(created.sort(byName)).toEqual(expectedTopics);
    for (const name of Object.keys(SERVICES)) {
      expect(services[name].depends_on?.['kafka-topics']?.condition).toBe('service_completed_successfully');
    }
  });

  it("serves every app's metrics on an unpublished METRICS_PORT", () => {
    for (const name of Object.keys(all)) {
      expect([name, String(services[name].environment?.METRICS_PORT)]).toEqual([name, '9464']);
      expect([name, (services[name].ports ?? []).filter((p) => p.includes('9464'))]).toEqual([name, []]);
    }
  });

  it("lets the services believe X-Forwarded-For from the gateway's fixed address only", () => {
    const address = services.gateway.networks?.default?.ipv4_address;
    const subnet = compose.networks?.default?.ipam?.config?.[0]?.subnet ?? '';
    expect(address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(address?.startsWith(subnet.split('.').slice(0, 3).join('.'))).toBe(true);
    // nothing in front of the gateway here: it believes no one
    expect(services.gateway.environment?.TRUST_PROXY).toBe('false');
    for (const name of Object.keys(SERVICES)) {
      expect([name, services[name].environment?.TRUST_PROXY]).toEqual([name, `${address}/32`]);
    }
  });

  it('runs Postgres 16, Redis 7, Kafka in KRaft mode and a single-node OpenSearch', () => {
    expect(services.postgres.image).toMatch(/^postgres:16/);
    expect(services.redis.image).toMatch(/^redis:7/);
    expect(services.kafka.environment?.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(services.opensearch.environment?.['discovery.type']).toBe('single-node');
  });

  it('runs the Kafka and OpenSearch versions the tests run (scripts/engines/*/pom.xml)', () => {
    const pomVersion = (engine: string, property: string) =>
      new RegExp(`<${property}>([^<]+)</${property}>`).exec(
        readFileSync(join(repoRoot, 'scripts', 'engines', engine, 'pom.xml'), 'utf8'),
      )?.[1];
    const kafka = pomVersion('kafka', 'kafka.version');
    const opensearch = pomVersion('opensearch', 'opensearch.version');
    expect(kafka).toMatch(/^\d+\.\d+\.\d+$/);
    expect(services.kafka.image).toBe(`apache/kafka:${kafka}`);
    expect(services['kafka-topics'].image).toBe(`apache/kafka:${kafka}`);
    expect(services.opensearch.image).toBe(`opensearchproject/opensearch:${opensearch}`);
    const cluster = parseAllDocuments(readFileSync(join(k8sDir, 'kafka.yaml'), 'utf8'))
      .map((doc) => doc.toJSON() as { kind?: string; spec?: { kafka?: { version?: string } } })
      .find((doc) => doc.kind === 'Kafka');
    expect(cluster?.spec?.kafka?.version).toBe(kafka);
  });
});

describe('media storage (the S3 engine of @manzil/storage)', () => {
  type EnvVar = {
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name: string; key: string } };
  };
  const identity = deployments.find((d) => d.metadata.name === 'identity')!.spec.template.spec;
  const app = identity.containers[0] as Omit<Container, 'env'> & {
    env: EnvVar[];
    securityContext: { readOnlyRootFilesystem?: boolean };
  };
  const env = (name: string): EnvVar | undefined => app.env.find((variable) => variable.name === name);
  const config = manifests.find(
    (m) => m.kind === 'ConfigMap' && m.metadata.name === 'manzil-config',
  ) as Manifest & {
    data: Record<string, string>;
  };

  it('identity stores media on S3 with credentials from a Secret, never on its disk', () => {
    expect(env('STORAGE_ENGINE')?.value).toBe('s3');
    expect(env('S3_ACCESS_KEY_ID')?.valueFrom?.secretKeyRef).toEqual({
      name: 'manzil-media-s3',
      key: 'access-key-id',
    });
    expect(env('S3_SECRET_ACCESS_KEY')?.valueFrom?.secretKeyRef).toEqual({
      name: 'manzil-media-s3',
      key: 'secret-access-key',
    });
    expect(config.data.S3_BUCKET).toMatch(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/);
    expect(config.data.S3_ENDPOINT).toMatch(/^https:\/\//);
    expect(config.data.S3_REGION).toBeTruthy();
    for (const container of [...identity.containers, ...(identity.initContainers ?? [])]) {
      expect((container.securityContext as { readOnlyRootFilesystem?: boolean }).readOnlyRootFilesystem).toBe(
        true,
      );
    }
    const everywhere = [
      ...Object.keys(config.data),
      ...deployments
        .flatMap((d) => d.spec.template.spec.containers)
        .flatMap((c) => (c.env ?? []).map((variable) => variable.name)),
    ];
    expect(everywhere.filter((name) => ['STORAGE_DIR', 'UPLOADS_DIR'].includes(name))).toEqual([]);
    expect(readFileSync(join(k8sDir, 'README.md'), 'utf8')).toContain(
      'create secret generic manzil-media-s3',
    );
  });

  it('compose gives identity the S3 engine against MinIO, whose bucket exists before identity starts', () => {
    const svc = compose.services.identity;
    expect(svc.environment).toMatchObject({
      STORAGE_ENGINE: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'manzil-media',
    });
    expect(svc.depends_on?.['minio-buckets']?.condition).toBe('service_completed_successfully');
    expect(
      (compose.services['minio-buckets'] as ComposeService & { entrypoint?: string[] }).entrypoint?.join(' '),
    ).toContain(`mc mb --ignore-existing local/${String(svc.environment?.S3_BUCKET)}`);
    expect(compose.services.minio.image).toMatch(/^minio\/minio:RELEASE\./);
  });
});

describe('production settings', () => {
  /** The keys a service's code refuses to start without when NODE_ENV=production. */
  function requiredInProduction(service: string): string[] {
    const keys = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir)) {
        const full = join(dir, entry);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.ts$/.test(entry) && !/\.spec\.ts$/.test(entry)) {
          const text = readFileSync(full, 'utf8');
          for (const call of text.matchAll(/requireInProduction\(\s*\w+,\s*\[([^\]]*)\]/g)) {
            for (const key of call[1]!.matchAll(/'([A-Z0-9_]+)'/g)) keys.add(key[1]!);
          }
        }
      }
    };
    walk(join(repoRoot, 'services', service, 'src'));
    // Checks written out by hand rather than through requireInProduction.
    const byHand: Record<string, string[]> = {
      identity: ['UNIFONIC_APP_SID', 'UNIFONIC_SENDER_ID', 'SMTP_URL', 'MAIL_FROM'], // nest-kit's sms.ts, otp/email-sender
      notifications: ['UNIFONIC_APP_SID', 'UNIFONIC_SENDER_ID'], // nest-kit's sms.ts (SMTP through requireInProduction)
      payments: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'], // config.ts: Stripe itself
    };
    for (const key of byHand[service] ?? []) keys.add(key);
    return [...keys].sort();
  }

  const configKeys = Object.keys(
    (
      manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name === 'manzil-config') as Manifest & {
        data: Record<string, string>;
      }
    ).data,
  );

  it('finds the keys the code requires (the check can fail)', () => {
    expect(requiredInProduction('identity')).toEqual(
      expect.arrayContaining(['NAFATH_URL', 'NAFATH_APP_ID', 'NAFATH_APP_KEY', 'GOOGLE_CLIENT_ID']),
    );
    expect(requiredInProduction('listings')).toEqual(
      expect.arrayContaining(['REGA_URL', 'REGA_CLIENT_ID', 'REGA_CLIENT_SECRET']),
    );
  });

  it.each(Object.keys(SERVICES).filter((name) => name !== 'sandbox'))(
    'compose gives %s every setting its code requires in production, and no sandbox sink',
    (name) => {
      const environment = compose.services[name]?.environment ?? {};
      // Stripe's own keys are needed only for Stripe itself; the stack's Stripe is the sandbox's.
      const unlessSet: Record<string, string> = {
        STRIPE_SECRET_KEY: 'STRIPE_API_URL',
        STRIPE_WEBHOOK_SECRET: 'STRIPE_API_URL',
      };
      const missing = requiredInProduction(name).filter(
        (key) => !(key in environment) && !(unlessSet[key] && unlessSet[key] in environment),
      );
      expect(missing).toEqual([]);
      // The sinks are refused with NODE_ENV=production: providers are reached by their protocols.
      expect(Object.keys(environment).filter((key) => key === 'SMS_URL' || key === 'EMAIL_URL')).toEqual([]);
    },
  );

  it.each(deployments.map((d) => [d.metadata.name, d] as const))(
    '%s is given every setting its code requires in production, its secrets documented',
    (name, deployment) => {
      const containers = deployment.spec.template.spec.containers;
      const given = new Set([
        ...containers.flatMap((c) => (c.env ?? []).map((variable) => variable.name)),
        ...(containers.some((c) => c.envFrom?.some((from) => from.configMapRef?.name === 'manzil-config'))
          ? configKeys
          : []),
      ]);
      const services = readdirSync(join(repoRoot, 'services'));
      const missing = services.includes(name)
        ? requiredInProduction(name).filter((key) => !given.has(key))
        : [];
      expect(missing).toEqual([]);
      const readme = readFileSync(join(k8sDir, 'README.md'), 'utf8');
      const secrets = containers.flatMap((c) =>
        ((c.env ?? []) as { valueFrom?: { secretKeyRef?: { name: string } } }[]).flatMap(
          (variable) => variable.valueFrom?.secretKeyRef?.name ?? [],
        ),
      );
      const undocumented = [...new Set(secrets)].filter(
        (secret) =>
          !readme.includes(`secret generic ${secret}`) &&
          !secret.endsWith('-db') &&
          secret !== 'manzil-redis',
      );
      expect(undocumented).toEqual([]);
    },
  );
});
