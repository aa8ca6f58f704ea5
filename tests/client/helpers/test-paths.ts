/** A minimal hand-written `paths` type in openapi-typescript's shape, so the client is tested on any schema. */
type NoParams = { query?: never; header?: never; path?: never; cookie?: never };
type Json<T> = { headers: Record<string, unknown>; content: { 'application/json': T } };
type ErrorBody = { errors?: Record<string, string[]>; message?: string };
type Responses = { 200: Json<{ ok: boolean }>; default: Json<ErrorBody> };
type Read = { parameters: NoParams; requestBody?: never; responses: Responses };
type Write = {
  parameters: NoParams;
  requestBody: { content: { 'application/json': { name: string } } };
  responses: Responses;
};

export interface TestPaths {
  '/things': {
    parameters: NoParams;
    get: Read;
    put: Write;
    post: Write;
    delete: Read;
    options: Read;
    head: Read;
    patch: Write;
    trace?: never;
  };
}
