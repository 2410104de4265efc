import { type Code, ConnectError } from "@connectrpc/connect";
import { ErrorDetailSchema } from "../../gen/gatehouse/common/v1/common_pb.js";

/** What a failed RPC carries: its stable code and field, its message and its Connect code. */
export interface RpcFailure {
  code: string;
  field: string;
  message: string;
  connect: Code;
}

/** The failure of `call`; throws when the call succeeded. */
export async function rpcError(call: Promise<unknown>): Promise<RpcFailure> {
  try {
    await call;
  } catch (err) {
    const ce = ConnectError.from(err);
    const detail = ce.findDetails(ErrorDetailSchema)[0];
    return { code: detail?.code ?? "", field: detail?.field ?? "", message: ce.rawMessage, connect: ce.code };
  }
  throw new Error("expected the call to fail");
}
