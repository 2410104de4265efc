import { create } from "@bufbuild/protobuf";
import {
  ListLibrariesResponseSchema,
  SeveritySchema,
  type ListLibrariesResponse,
} from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { enumValue } from "../../../lib/enum-wire.js";
import { DATA_CATEGORIES, PATTERN_LIBRARIES } from "../domain/catalog.js";

/** `ListLibraries`: the built-in pattern libraries and data categories, in catalogue order. */
export function listLibraries() {
  return async (): Promise<ListLibrariesResponse> =>
    create(ListLibrariesResponseSchema, {
      libraries: PATTERN_LIBRARIES.map((l) => ({ ...l, categoryIds: [...l.categoryIds] })),
      categories: DATA_CATEGORIES.map((c) => ({
        id: c.id,
        name: c.name,
        description: c.description,
        libraryId: c.libraryId,
        defaultSeverity: enumValue(SeveritySchema, c.defaultSeverity),
      })),
    });
}
