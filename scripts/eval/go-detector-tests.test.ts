import { describe, expect, it } from "vitest";
import { goDetectorTestCases } from "./go-detector-tests.js";

// Invented for this test, shaped as a detector's pattern test is.
const FILE = `package acme

import (
	"fmt"
	"testing"
)

var (
	validPattern   = "AcMe0123456789abcdefXYZ"  // 23 characters
	invalidPattern = "AcMe0123456789abcdef"
	keyword        = "acme"
)

func TestAcme_Pattern(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []string
	}{
		{
			name:  "valid pattern",
			input: fmt.Sprintf("%s token = '%s'", keyword, validPattern),
			want:  []string{validPattern},
		},
		{
			name: "quoted, with a percent sign",
			input: fmt.Sprintf("%s: %q (100%%)", keyword, validPattern,),
			want: []string{"x"},
		},
		{
			name:  "invalid pattern",
			input: fmt.Sprintf("%s = '%s'", keyword, invalidPattern),
			want:  nil,
		},
		{
			name: "raw block",
			input: \`
				ACME_KEY=\` + validPattern + "\\n\\tend\\x21",
			want: []string{},
		},
		/* input: "commented out", want: nil */
		{
			name:  "made by a helper",
			input: makeToken(32),
			want:  []string{"y"},
		},
		{
			name:  "a name of another file",
			input: fmt.Sprintf("%s", prefix),
			want:  nil,
		},
		{
			name:  "no want",
			input: "acme",
		},
	}
	_ = tests
}
`;

describe("goDetectorTestCases", () => {
  it("evaluates each case's input and labels it by its want", () => {
    expect(goDetectorTestCases(FILE)).toEqual({
      cases: [
        { input: "acme token = 'AcMe0123456789abcdefXYZ'", found: true },
        { input: 'acme: "AcMe0123456789abcdefXYZ" (100%)', found: true },
        { input: "acme = 'AcMe0123456789abcdef'", found: false },
        { input: "\n\t\t\t\tACME_KEY=AcMe0123456789abcdefXYZ\n\tend!", found: false },
      ],
      // The helper call, the name defined elsewhere, the case without a want.
      skipped: 3,
    });
  });

  it("reads names assigned in functions, in order, and skips verbs it does not know", () => {
    const file = `
func TestX(t *testing.T) {
	secret := "sk_" + "live_0123"
	other := fmt.Sprintf("%x", secret)
	cases := []struct{ input string; want []string }{
		{input: "key=" + secret, want: []string{secret}},
		{input: other, want: nil},
	}
}`;
    expect(goDetectorTestCases(file)).toEqual({ cases: [{ input: "key=sk_live_0123", found: true }], skipped: 1 });
  });
});
