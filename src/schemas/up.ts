// GET /up

import Type, { type Static } from 'typebox';

export const UpResponse = Type.Object(
  { status: Type.Union([Type.Literal('ok'), Type.Literal('error')]) },
  { additionalProperties: false, description: '200 {"status":"ok"}; 503 {"status":"error"} when the store cannot be read or the service is shutting down.' },
);
export type UpResponse = Static<typeof UpResponse>;
