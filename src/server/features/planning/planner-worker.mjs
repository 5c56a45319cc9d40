// The entry of the planner's worker thread (planner-pool.ts). Worker threads start from plain
// JavaScript, so this file loads the TypeScript planner through tsx, the way the server runs.
import { tsImport } from 'tsx/esm/api';

const run = await tsImport('./planner-run.ts', import.meta.url);

export const propose = (input) => run.propose(input);
