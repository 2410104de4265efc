import { InternalCredentials } from "../../lib/rpc/internal-credentials.js";

/** The internal secret test deployments share (GATEHOUSE_INTERNAL_SECRETS). */
export const TEST_INTERNAL_SECRET = "test-internal-secret-0123456789abcdef";

/** Credentials holding `TEST_INTERNAL_SECRET`. */
export const testInternalCredentials = new InternalCredentials([TEST_INTERNAL_SECRET]);
