import { SeveritySchema } from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { wireName } from "../../../lib/enum-wire.js";
import { route } from "../route.js";
import { LibrariesResponse } from "../schemas/rule.js";
import type { RouteDeps } from "./deps.js";

/** `/v1/secure/libraries`: built-in pattern libraries and data categories. */
export function libraryRoutes({ clients }: RouteDeps) {
  return [
    route({
      method: "GET",
      url: "/v1/secure/libraries",
      operationId: "listLibraries",
      summary: "List the built-in pattern libraries and data categories rules can reference",
      tags: ["rules"],
      scope: "secure:rules:read",
      status: 200,
      response: LibrariesResponse,
      async handler({ caller }) {
        const res = await clients.secure.listLibraries({ caller });
        return {
          libraries: res.libraries.map((l) => ({
            id: l.id,
            name: l.name,
            description: l.description,
            category_ids: l.categoryIds,
          })),
          categories: res.categories.map((c) => ({
            id: c.id,
            name: c.name,
            description: c.description,
            library_id: c.libraryId,
            default_severity: wireName(SeveritySchema, c.defaultSeverity),
          })),
        };
      },
    }),
  ];
}
