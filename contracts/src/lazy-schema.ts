/**
 * A schema built the first time it is used, not when its module loads: `lazySchema(() =>
 * z.object(…))` has the same type as the schema it wraps and behaves as it (parse, safeParse,
 * extend, shape, `instanceof`, as a member of another schema), because every operation on it is
 * forwarded to the schema, which is made once, on the first operation.
 *
 * Why: a page loads these contracts whole (one shared module), and building every schema at
 * start-up was the largest single task of the first load on a phone (issue 10); a page runs
 * only a few of them. Services pay nothing noticeable: each schema is built on its first use.
 *
 * The wrapper is not the schema itself: a registry keyed by object (`z.globalRegistry`,
 * `.meta()`, `.describe()`, `.register()`) would key the real schema, not the wrapper, so a
 * schema that carries metadata is left unwrapped (the contracts have none today).
 */
export function lazySchema<T extends object>(create: () => T): T {
  let schema: T | undefined;
  // The target only satisfies the Proxy invariants: a property the schema reports as not
  // configurable is copied onto it first.
  const target = {} as T;
  const real = (): T => {
    if (!schema) {
      schema = create();
      answerJsonSchemaAs(schema, wrapper);
    }
    return schema;
  };
  const wrapper: T = new Proxy(target, {
    get: (_, key) => Reflect.get(real(), key, real()),
    set: (_, key, value) => Reflect.set(real(), key, value, real()),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      if (descriptor && !descriptor.configurable && !Reflect.getOwnPropertyDescriptor(target, key)) {
        Reflect.defineProperty(target, key, descriptor);
      }
      return descriptor;
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
  return wrapper;
}

interface JsonSchemaContext {
  seen: Map<unknown, unknown>;
}
interface JsonSchemaInternals {
  processJSONSchema?: (context: JsonSchemaContext, ...rest: unknown[]) => void;
}

/**
 * `z.toJSONSchema` walks schemas by identity (a map from schema to its JSON), reaching this one
 * as the wrapper, while some of zod's own steps (pipes, defaults, readonly, …) look themselves
 * up by the schema: while such a step runs, the schema finds the wrapper's entry.
 */
function answerJsonSchemaAs(schema: object, wrapper: object): void {
  const internals = (schema as { _zod?: JsonSchemaInternals })._zod;
  const own = internals?.processJSONSchema;
  if (!internals || !own) return;
  internals.processJSONSchema = (context, ...rest) => {
    const entry = context.seen.get(wrapper);
    const aliased = entry !== undefined && !context.seen.has(schema);
    if (aliased) context.seen.set(schema, entry);
    try {
      own(context, ...rest);
    } finally {
      if (aliased) context.seen.delete(schema);
    }
  };
}
