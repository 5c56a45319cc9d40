-- A stored proposal's body keeps the text the API writes (json keeps its input text as given;
-- jsonb re-orders keys and adds spaces): reading a proposal sends that text on after its four
-- leading fields, without parsing it in the server or writing it again
-- (docs/decisions/0045-proposal-answer-as-stored-and-delivery-rollup.md). The server writes the body in the
-- contract's field order without spaces from now on. Proposals stored before keep jsonb's text
-- (the same values, keys in jsonb's order) until a commit writes their body again.
-- The audit trigger leaves the body out of the log as before (to_jsonb(row) - 'body').
ALTER TABLE planning_proposals ALTER COLUMN body TYPE json USING body::json;
