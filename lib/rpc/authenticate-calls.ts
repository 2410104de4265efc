import type { Interceptor } from "@connectrpc/connect";
import type { AuthorizeResponse } from "../../gen/gatehouse/auth/v1/auth_pb.js";
import type { Caller } from "../../gen/gatehouse/common/v1/common_pb.js";
import { ForbiddenError, GatehouseError } from "../errors.js";
import { admittedCaller, bearerSecret } from "./admitted-caller.js";
import { CALL_RECORD, type CallRecord, PEER_ADDRESS } from "./call-record.js";
import { INTERNAL_SECRET_HEADER, type InternalCredentials } from "./internal-credentials.js";
import { methodAccess } from "./method-access.js";
import { acceptableRequestId, newRequestId, REQUEST_ID_HEADER, runInRequestContext } from "./request-context.js";

/** Admission of one API key: the auth service's Authorize, in-process or over gRPC. */
export type AuthorizeFn = (req: { apiKey: string; clientIp: string; requiredScope: string }) => Promise<AuthorizeResponse>;

/** How a component's RPC server tells who is calling. */
export interface CallAuthentication {
  authorize: AuthorizeFn;
  /** The secret of Gatehouse's own components; without it no call is taken as internal. */
  internal: InternalCredentials | undefined;
  /**
   * Development only (`GATEHOUSE_INSECURE_INTERNAL=true`): a call without an
   * API key is taken as internal, so anyone who reaches the port may assert
   * any caller.
   */
  insecureInternal?: boolean;
}

/**
 * Server interceptor that authenticates every call reaching a component from
 * outside its process, as the method's access option demands:
 * - an API key (`authorization: Bearer <key>`) goes through the same
 *   admission as REST (revocation, IP allow-list, rate limit, scope); the
 *   request's `caller` is then replaced by the key's, whatever it said;
 * - the internal secret marks a Gatehouse component, which may assert the
 *   `caller` it serves and reach internal-only methods;
 * - public methods need neither; anything else is UNAUTHENTICATED.
 * It also settles the request id (a component's, else a new random one) and
 * runs the handler in that request context.
 */
export function authenticateCalls(opts: CallAuthentication): Interceptor {
  return (next) => async (req) => {
    const record: CallRecord = req.contextValues.get(CALL_RECORD) ?? {};
    const access = methodAccess(req.method);
    const apiKey = bearerSecret(req.header.get("authorization"));
    const internal = apiKey === "" && (opts.internal ? opts.internal.accepts(req.header.get(INTERNAL_SECRET_HEADER)) : opts.insecureInternal === true);
    record.requestId = (internal && acceptableRequestId(req.header.get(REQUEST_ID_HEADER))) || newRequestId();

    const rpc = `${req.service.typeName}/${req.method.name}`;
    if (access === null) throw new GatehouseError("INTERNAL", `${rpc} declares no access rule`);
    if (access.kind === "public") {
      record.via = "public";
    } else if (internal) {
      record.via = "internal";
      record.keyId = req.stream ? undefined : (req.message as { caller?: Caller }).caller?.keyId || undefined;
    } else if (apiKey !== "") {
      const admission = await opts.authorize({ apiKey, clientIp: req.contextValues.get(PEER_ADDRESS), requiredScope: access.kind === "scope" ? access.scope : "" });
      // A known key refused for its scope or rate is logged under its id too.
      if (admission.caller) {
        record.via = "api_key";
        record.keyId = admission.caller.keyId;
      }
      const caller = admittedCaller(admission);
      if (access.kind === "internal") throw new ForbiddenError("internal", `${rpc} is internal to Gatehouse; an API key cannot call it`);
      if (!req.stream && req.method.input.field.caller) (req.message as { caller?: Caller }).caller = caller;
    } else {
      throw new GatehouseError("UNAUTHORIZED", "a valid API key is required: metadata authorization: Bearer <key>");
    }
    return runInRequestContext({ requestId: record.requestId }, () => next(req));
  };
}
