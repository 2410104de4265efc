/** A checkpoint decision as Gatehouse answers it, for the baseline server to echo. */
export const SAMPLE_DECISION = {
  checkpoint_id: "chk_01jbench0000000000000000",
  agent_id: null,
  agent_name: "bench-agent",
  action: "bench.create",
  status: "pending",
  reason: "no policy applies; awaiting a reviewer",
  decision_token: null,
  expires_at: "2026-01-01T01:00:00.000Z",
  created_at: "2026-01-01T00:00:00.000Z",
  decided_at: null,
  evals: [],
  votes: [],
};
