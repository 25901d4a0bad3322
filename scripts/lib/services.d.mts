// Types of what TypeScript (the benches) imports from services.mjs, a plain script that must run
// before anything is built.
export declare const SERVICE_NODE_OPTIONS: string;
