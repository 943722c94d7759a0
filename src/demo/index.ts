export { buildDemoRepo, demoScenario, DEMO_T0, DEMO_WINDOW_END } from './scenario.js';
export { writeRepo } from './write-repo.js';
export {
  CommitSpec, DemoPullRequest, DemoRepo, DemoRepoOptions, DemoScenario, DemoStream, FileContent, Person, TagSpec,
  WriteRepoOptions, WrittenRepo,
} from './model.js';
