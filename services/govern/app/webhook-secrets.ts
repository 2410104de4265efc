import { isSealed, type SecretSeal, SecretSealError } from "../../../lib/secret-seal.js";

/**
 * The form webhook signing secrets are stored in: sealed for their endpoint
 * (`SecretSeal`, GATEHOUSE_ENCRYPTION_KEY) when an encryption key is set,
 * else as they are. Only the dispatcher ever needs one opened, to sign.
 */
export class WebhookSecrets {
  constructor(private readonly seal?: SecretSeal) {}

  /** Whether secrets are sealed at rest. */
  get sealing(): boolean {
    return this.seal !== undefined;
  }

  /** The stored form of endpoint `endpointId`'s new secret. */
  toStored(secret: string, endpointId: string): string {
    return this.seal ? this.seal.seal(secret, endpointId) : secret;
  }

  /**
   * The secret a stored form holds. Throws SecretSealError, naming the
   * variable, when it is sealed and there is no key or another one.
   */
  fromStored(stored: string, endpointId: string): string {
    if (!isSealed(stored)) return stored;
    if (!this.seal) throw new SecretSealError("webhook signing secrets are stored encrypted: set GATEHOUSE_ENCRYPTION_KEY to the key that sealed them");
    return this.seal.open(stored, endpointId);
  }
}
