import { describe, expect, it } from "vitest";
import { carryUnseenSection } from "./carry-unseen-section.js";

const card = (section: string) => `# Card\n\n## Metrics\n\n| a |\n\n${section}## Later\n\nx\n`;
const section = "## Unseen evaluation\n\nMeasured with weights sha256 `7e5595dbf231`.\n\n| P | R |\n|---|---|\n| 0.7 | 0.2 |\n\n";

describe("carryUnseenSection", () => {
  it("keeps the section as it is while the weights are the ones it names", () => {
    expect(carryUnseenSection(card(section), "7e5595dbf2313bdeeba6")).toBe(
      "## Unseen evaluation\n\nMeasured with weights sha256 `7e5595dbf231`.\n\n| P | R |\n|---|---|\n| 0.7 | 0.2 |\n",
    );
  });

  it("marks it stale, once, when the weights changed", () => {
    const stale = carryUnseenSection(card(section), "0000aaaa");
    expect(stale).toMatch(/^## Unseen evaluation\n\n\*\*Stale:\*\* .*\n\nMeasured with weights sha256 `7e5595dbf231`\./);
    expect(carryUnseenSection(`# Card\n\n${stale}`, "1111bbbb")).toBe(stale);
    expect(carryUnseenSection(`# Card\n\n${stale}`, "7e5595dbf2313bdeeba6")).not.toMatch(/Stale/);
  });

  it("reads to the end of the card when the section is last, and gives nothing when there is none", () => {
    expect(carryUnseenSection(`# Card\n\n${section}`, "7e5595dbf231")).toBe(carryUnseenSection(card(section), "7e5595dbf231"));
    expect(carryUnseenSection(card(""), "7e5595dbf231")).toBe("");
  });
});
