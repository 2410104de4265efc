import type { ConnectRouter } from "@connectrpc/connect";
import { GovernService } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { cancelCheckpoint } from "./cancel-checkpoint.js";
import { createAgent } from "./create-agent.js";
import { createCheckpoint } from "./create-checkpoint.js";
import { createPolicy } from "./create-policy.js";
import { createWebhook } from "./create-webhook.js";
import { decideCheckpoint } from "./decide-checkpoint.js";
import { deleteWebhook } from "./delete-webhook.js";
import { getAgent } from "./get-agent.js";
import { getCheckpoint } from "./get-checkpoint.js";
import { getPolicy } from "./get-policy.js";
import type { GovernDeps } from "./govern-deps.js";
import { listActivePolicies } from "./list-active-policies.js";
import { listAgents } from "./list-agents.js";
import { listCheckpoints } from "./list-checkpoints.js";
import { listPolicies } from "./list-policies.js";
import { listWebhookDeliveries } from "./list-webhook-deliveries.js";
import { listWebhooks } from "./list-webhooks.js";
import { replayPolicies } from "./replay-policies.js";
import { updatePolicy } from "./update-policy.js";
import { waitCheckpoint } from "./wait-checkpoint.js";
import { watchCheckpointEvents } from "./watch-checkpoint-events.js";

export type { GovernDeps } from "./govern-deps.js";

/** Registers every RPC of `GovernService`. */
export function governRoutes(deps: GovernDeps): (router: ConnectRouter) => void {
  return (router) =>
    router.service(GovernService, {
      createCheckpoint: createCheckpoint(deps),
      getCheckpoint: getCheckpoint(deps),
      listCheckpoints: listCheckpoints(deps),
      waitCheckpoint: waitCheckpoint(deps),
      decideCheckpoint: decideCheckpoint(deps),
      cancelCheckpoint: cancelCheckpoint(deps),
      watchCheckpointEvents: watchCheckpointEvents(deps),
      createPolicy: createPolicy(deps),
      getPolicy: getPolicy(deps),
      listPolicies: listPolicies(deps),
      updatePolicy: updatePolicy(deps),
      listActivePolicies: listActivePolicies(deps),
      createAgent: createAgent(deps),
      getAgent: getAgent(deps),
      listAgents: listAgents(deps),
      createWebhook: createWebhook(deps),
      listWebhooks: listWebhooks(deps),
      deleteWebhook: deleteWebhook(deps),
      listWebhookDeliveries: listWebhookDeliveries(deps),
      replayPolicies: replayPolicies(deps),
    });
}
