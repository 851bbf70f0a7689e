// Result shapes the romanizer returns and the HTTP layer serializes. The field
// names are those of ../shared/spec/service-interface.md section 2; fields
// marked "extra" go beyond the spec and are documented in the OpenAPI
// document and the README. The TypeBox schemas in src/schemas/ describe the
// same shapes; test/schemas checks they agree.

/** 2.5 Candidate. */
export interface RomanCandidate {
  word: string;
  alias: string;
  weight: number;
  definition_rank: number;
  dictionaries: string[];
  kinds: string[];
}

/** 2.5 Token. */
export interface RomanToken {
  token: string;
  converted: string;
  status: 'resolved' | 'ambiguous' | 'unresolved';
  start: number | null;
  end: number | null;
  candidates: RomanCandidate[];
}

/** 2.5 Romanization result. */
export interface RomanizationResult {
  text: string | null;
  converted_text: string;
  tokens: RomanToken[];
}
