// Development and tests only (loaded by apiCall when answers are checked): an answer that does
// not match its route's schema is a contract broken between server and client, told loudly.
import * as v from 'valibot';
import { restAnswerSchemas } from '../../contract/rest-answers';
import type { RestRoute } from '../../contract/rest-routes';

export class AnswerMismatchError extends Error {
  constructor(route: RestRoute, where: string, problem: string) {
    super(
      `${route.method} ${route.path} (route ${route.name}): the answer does not match its schema at ${where}: ${problem}`,
    );
    this.name = 'AnswerMismatchError';
  }
}

export function checkAnswer(route: RestRoute, answer: unknown): void {
  const result = v.safeParse(restAnswerSchemas[route.name], answer);
  if (result.success) return;
  const [issue] = result.issues;
  throw new AnswerMismatchError(route, v.getDotPath(issue) ?? '(the whole answer)', issue.message);
}
