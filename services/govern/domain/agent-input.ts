import { LIMITS } from "./limits.js";
import { optionalText, requiredText } from "./validate-text.js";

/** A validated agent registration. */
export interface AgentInput {
  name: string;
  description: string | null;
}

/** Validates an agent registration: name 1..200 characters, description at most 2000. */
export function validateAgentInput(name: string, description: string | null | undefined): AgentInput {
  return {
    name: requiredText("name", name, LIMITS.agentNameLength),
    description: optionalText("description", description, LIMITS.agentDescriptionLength),
  };
}
