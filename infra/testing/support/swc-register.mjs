// Runs a service's TypeScript source in a child process with decorator metadata (NestJS
// needs it; tsx/esbuild do not emit it): `node --conditions=source --import <this> main.ts`.
import { register } from 'node:module';

register('./swc-hooks.mjs', import.meta.url);
