// The entry of a PDF worker thread (pdf-pool.ts). Worker threads start from plain JavaScript, so
// this file loads the TypeScript layouts through tsx, the way the server itself runs.
import { tsImport } from 'tsx/esm/api';

const render = await tsImport('./pdf-render.ts', import.meta.url);

export const table = (input) => render.table(input);
export const invoice = (input) => render.invoice(input);
