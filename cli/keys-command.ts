import { parseArgs } from "node:util";

/** Where the keys command sends its requests. */
export interface ApiTarget {
  url: string;
  apiKey: string;
}

async function call(target: ApiTarget, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(new URL(path, target.url), {
    method,
    headers: {
      authorization: `Bearer ${target.apiKey}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { message?: string; code?: string };
  if (!res.ok) throw new Error(`${res.status} ${json.code ?? ""}: ${json.message ?? ""}`.trim());
  return json;
}

const USAGE = `usage:
  gatehouse keys create --name NAME --scopes SCOPE[,SCOPE…] [--allowed-ips IP[,CIDR…]] [--subject S] [--workspace ID]
  gatehouse keys list
  gatehouse keys revoke KEY_ID
(talks to GATEHOUSE_URL with GATEHOUSE_API_KEY)`;

/**
 * `gatehouse keys …`: manages API keys through the REST API of any
 * deployment. Prints the JSON answer; the secret of a new key appears once.
 */
export async function keysCommand(args: string[], target: ApiTarget, out: (s: string) => void): Promise<void> {
  const [sub, ...rest] = args;
  const csv = (v: string | undefined) => (v ? v.split(",").map((s) => s.trim()).filter(Boolean) : undefined);
  if (sub === "create") {
    const { values } = parseArgs({
      args: rest,
      options: {
        name: { type: "string" },
        scopes: { type: "string" },
        "allowed-ips": { type: "string" },
        subject: { type: "string" },
        workspace: { type: "string" },
      },
    });
    if (!values.name || !values.scopes) throw new Error(USAGE);
    const body = {
      name: values.name,
      scopes: csv(values.scopes),
      allowed_ips: csv(values["allowed-ips"]),
      subject: values.subject,
      workspace_id: values.workspace,
    };
    out(JSON.stringify(await call(target, "POST", "/v1/keys", body), null, 2));
  } else if (sub === "list") {
    out(JSON.stringify(await call(target, "GET", "/v1/keys"), null, 2));
  } else if (sub === "revoke" && rest[0]) {
    out(JSON.stringify(await call(target, "POST", `/v1/keys/${encodeURIComponent(rest[0])}/revoke`), null, 2));
  } else {
    throw new Error(USAGE);
  }
}
