export { mulberry32, type Random } from './demo/random.js';
