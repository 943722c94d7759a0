// Moved to src/random.ts: forecasters use it too, and they may not import the demo.
export { mulberry32, type Random } from '../random.js';
