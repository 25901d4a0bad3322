import 'reflect-metadata';
import {
  type DynamicModule,
  type ForwardReference,
  RequestMethod,
  SetMetadata,
  type Type,
} from '@nestjs/common';
import type { AuthUser } from './context.js';

const ROLES = 'manzil:roles';
const ROLES_ANY = 'any';
const PUBLIC = 'manzil:public';

/** Only these roles may call the handler (or any handler of the controller). */
export const Roles = (...roles: AuthUser['role'][]) => SetMetadata(ROLES, roles);
/** Any signed-in account may call the handler. */
export const Authenticated = () => SetMetadata(ROLES, [ROLES_ANY]);
/** Anyone may call the handler (or any handler of the controller), signed in or not. */
export const Public = () => SetMetadata(PUBLIC, true);

/** Who may call a route: anyone, or signed-in accounts of the named roles ('any' = every role). */
export type RouteAccess = { public: true } | { public: false; roles: string[] };

/**
 * The access a handler declares, the handler's own mark before its controller's. A handler
 * (or controller) marked both ways is a mistake, reported by `routeAccessProblems`.
 */
export function accessOf(handler: object, controller: object): RouteAccess | undefined {
  for (const target of [handler, controller]) {
    const roles = Reflect.getMetadata(ROLES, target) as string[] | undefined;
    if (roles) return { public: false, roles };
    if (Reflect.getMetadata(PUBLIC, target) === true) return { public: true };
  }
  return undefined;
}

/** Whether a user of this role may call a route that names `roles`. */
export function roleAllowed(roles: string[], role: AuthUser['role']): boolean {
  return roles.includes(ROLES_ANY) || roles.includes(role);
}

export interface RouteMark {
  route: string;
  handler: string;
  access: RouteAccess | undefined;
  /** Marked both `@Public()` and with roles on the same handler or controller. */
  ambiguous: boolean;
}

const joinPath = (...parts: (string | undefined)[]) =>
  `/${parts
    .flatMap((part) => (part ?? '').split('/'))
    .filter(Boolean)
    .join('/')}`;

/** Every route of a controller class with the access it declares. */
export function routeMarksOf(controller: Type): RouteMark[] {
  const base = Reflect.getMetadata('path', controller) as string | string[] | undefined;
  const marks: RouteMark[] = [];
  const seen = new Set<string>();
  for (let proto = controller.prototype as object | null; proto && proto !== Object.prototype;) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === 'constructor' || seen.has(name)) continue;
      seen.add(name);
      const handler = Object.getOwnPropertyDescriptor(proto, name)?.value as object | undefined;
      if (typeof handler !== 'function') continue;
      const path = Reflect.getMetadata('path', handler) as string | string[] | undefined;
      const method = Reflect.getMetadata('method', handler) as RequestMethod | undefined;
      if (path === undefined || method === undefined) continue;
      const both = [handler, controller].some(
        (target) => Reflect.getMetadata(ROLES, target) && Reflect.getMetadata(PUBLIC, target) === true,
      );
      for (const prefix of [base].flat()) {
        for (const suffix of [path].flat()) {
          marks.push({
            route: `${RequestMethod[method]} ${joinPath(prefix, suffix)}`,
            handler: `${controller.name}.${name}`,
            access: accessOf(handler, controller),
            ambiguous: both,
          });
        }
      }
    }
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  return marks;
}

/**
 * What is wrong with the routes of these controllers: a route with neither `@Public()` nor
 * roles (every endpoint is closed unless it says otherwise), or with both.
 */
export function routeAccessProblems(controllers: Type[]): string[] {
  return controllers.flatMap((controller) =>
    routeMarksOf(controller).flatMap((mark) => {
      if (mark.ambiguous) return [`${mark.route} (${mark.handler}): both @Public() and roles`];
      if (!mark.access)
        return [`${mark.route} (${mark.handler}): neither @Public() nor @Roles/@Authenticated`];
      return [];
    }),
  );
}

type ModuleRef = Type | DynamicModule | ForwardReference | Promise<DynamicModule> | undefined;

/**
 * The controllers of a module and everything it imports, read from the module metadata
 * without instantiating anything (for tests that list every route of a service).
 */
export async function controllersOf(root: ModuleRef): Promise<Type[]> {
  const seen = new Set<unknown>();
  const found = new Set<Type>();
  const visit = async (ref: ModuleRef): Promise<void> => {
    let module = await ref;
    if (!module) return;
    if ('forwardRef' in module) module = await (module.forwardRef() as ModuleRef);
    if (!module || seen.has(module)) return;
    seen.add(module);
    const dynamic = 'module' in module ? module : undefined;
    const type = (dynamic ? dynamic.module : module) as Type;
    const controllers = [
      ...((Reflect.getMetadata('controllers', type) as Type[] | undefined) ?? []),
      ...(dynamic?.controllers ?? []),
    ];
    for (const controller of controllers) found.add(controller);
    const imports = [
      ...((Reflect.getMetadata('imports', type) as ModuleRef[] | undefined) ?? []),
      ...((dynamic?.imports as ModuleRef[] | undefined) ?? []),
    ];
    for (const imported of imports) await visit(imported);
  };
  await visit(root);
  return [...found];
}
