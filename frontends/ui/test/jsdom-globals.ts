// jest-environment-jsdom leaves out TextEncoder/TextDecoder, which react-router needs at
// import time. Import this first in a spec that renders routes.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
