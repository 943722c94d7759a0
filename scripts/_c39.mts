import { loadSets } from './calibration-by-ground.js';
const s = loadSets();
for (const f of [...s.dev18, ...s.audit, ...s.unseen]) if (f.input.kind==='more' || f.input.kind==='runtime'|| f.input.kind==='stated' || f.input.kind==='deprecation'|| f.input.kind==='plan') console.log([f.repo, f.input.kind, f.input.ground??'', f.strong?'S':'-', f.input.rank, f.input.changes, f.input.backtest, f.title.slice(0,100)].join('\t'));
