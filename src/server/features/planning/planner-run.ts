// What a planner worker thread runs (planner-pool.ts): the rows read for a plan in, the
// stored body text and the orders it looked at out. Pure CPU, no database, no clock.
import { asciiJson, jsonWriter } from '#server/http/serializer';
import { type PlanOrderView, proposalSchema } from '#shared/contract/planning';
import { plan } from './planner';
import { describeProposal, type ProposalBody } from './planner-view';
import { type InputRows, toPlanInput } from './planning-input';

/**
 * The body as the answer writes it (the contract's order, no spaces), characters outside ASCII
 * escaped (`asciiJson`): what `body` stores.
 */
const bodyWriter = jsonWriter<ProposalBody>(
  proposalSchema.omit({
    proposal_id: true,
    status: true,
    created_at: true,
    committed_at: true,
    expires_at: true,
    expired: true,
  }),
);
export const writeBody = (body: ProposalBody) => asciiJson(bodyWriter(body));

export interface ProposeInput {
  rows: InputRows;
  period: { from: string; to: string };
}

export interface Proposed {
  /** The body's JSON text, as stored and answered. */
  body: string;
  /** Every order the plan looked at, with its status then (the commit checks it). */
  orders: PlanOrderView[];
}

/** Plans the rows for the period and writes the proposal's body. */
export function propose({ rows, period }: ProposeInput): Proposed {
  const input = toPlanInput(rows);
  const { body, orders } = describeProposal(input, plan(input), period);
  return { body: writeBody(body), orders };
}
