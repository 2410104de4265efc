import { type DescMethod, getOption, hasOption } from "@bufbuild/protobuf";
import { access } from "../../gen/gatehouse/common/v1/access_pb.js";
import { Health } from "../../gen/grpc/health/v1/health_pb.js";

/** Who may call a method from outside the process (see `gatehouse.common.v1.Access`). */
export type MethodAccess =
  | { kind: "scope"; scope: string }
  | { kind: "internal" }
  | { kind: "public" };

const cache = new WeakMap<DescMethod, MethodAccess | null>();

/**
 * The access option of `method`, read from its descriptor. The standard
 * health protocol (whose proto Gatehouse does not own) is public, as probes
 * need it. A method without the option yields null, which callers must treat
 * as "refuse" (fail closed): a new RPC is unreachable until it says who may
 * call it.
 */
export function methodAccess(method: DescMethod): MethodAccess | null {
  let found = cache.get(method);
  if (found === undefined) {
    found = readAccess(method);
    cache.set(method, found);
  }
  return found;
}

function readAccess(method: DescMethod): MethodAccess | null {
  if (method.parent.typeName === Health.typeName) return { kind: "public" };
  if (!hasOption(method, access)) return null;
  const kind = getOption(method, access).kind;
  switch (kind.case) {
    case "scope":
      return { kind: "scope", scope: kind.value };
    case "internalOnly":
      return kind.value ? { kind: "internal" } : null;
    case "public":
      return kind.value ? { kind: "public" } : null;
    default:
      return null;
  }
}
