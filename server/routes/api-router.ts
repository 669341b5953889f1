// Every API route is declared through this router: method, path, who may call it and its
// shared zod schemas, then a thin handler. The declarations double as the server's own route
// list (permission matrix tests, OpenAPI document).
//
// The router checks the declared `params`, `query` and `body` itself, after the access guards and
// any middleware of the route (multer, throttles) and before the handler, and hands the handler the
// parsed values: (req, res, { params, query, body }). Path parameters that name nothing are a 404;
// a bad query or body is the 400 of DECISIONS §2, one issue per field. No handler parses its own
// input again.
import express, { type Request, type RequestHandler, type Response } from "express";
import type { z } from "zod";
import type { Role } from "../../shared/constants";
import { refuseEmployeeRole, requireAuth, requirePasswordChanged, requireRole, requireSecondFactorSetUp } from "../middlewares/auth";
import { parse, parseParams } from "../services/validation";
import { encodeJson, JsonText, writeJson } from "../lib/json-answer";
import type { KeptRoute } from "../answer-cache/keeper";

export type Access = "public" | "signed-in" | readonly Role[];
export type Method = "get" | "post" | "put" | "patch" | "delete";

export type RouteDef = {
  method: Method;
  /** Path under /api, express syntax (`/transactions/:id`). */
  path: string;
  access: Access;
  summary: string;
  params?: z.ZodType;
  body?: z.ZodType;
  query?: z.ZodType;
  /**
   * The handler reads its body field by field in an order a rule fixes (DECISIONS §10, the
   * emergency decision: lockdown and the link come before the approver code and the PIN), so the
   * router does not check the body first; `body` still describes it for the document.
   */
  bodyCheckedInOrder?: true;
  /**
   * Open to a signed-in user whose role requires a second factor they have not set up yet
   * (DECISIONS §13): the security-setup calls and the session's own. Every other call is 403 for them.
   */
  duringSecondFactorSetup?: true;
  /**
   * Open to a signed-in user who must still change a one-time password (DECISIONS §15): the change
   * itself, GET /api/auth/me and logout. Every other call is 403 `password_change_required` for them.
   */
  duringPasswordChange?: true;
  /**
   * A "signed-in" route the Employee role may call (DECISIONS §15: the "Me" pages, the account, the
   * bell). Every other signed-in route is 403 to it; a route with a role list names the role itself.
   */
  openToEmployees?: true;
  /** The JSON answer (shared/schemas/<resource>.ts); checked against the handler's result outside production. */
  answer?: z.ZodType;
  /** The success status when it is not 200 (201 for a create). */
  status?: number;
  /**
   * A read whose answer is kept and sent again while nothing it reads has changed (answer-cache/,
   * with the tables it reads declared): the headers the handler sets are kept with it.
   */
  keep?: KeptRoute;
  /** Answered as something other than JSON (CSV, a file, a stream). */
  produces?: string;
  tag?: string;
};

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
/** What the router parsed for a handler: the declared query and body, as their schemas output them. */
export type RouteInput<D extends RouteDef> = { params: Parsed<D["params"]>; query: Parsed<D["query"]>; body: Parsed<D["body"]> };
type Handler<D extends RouteDef> = (req: Request, res: Response, input: RouteInput<D>) => unknown | Promise<unknown>;

// Outside production every JSON answer is checked against its declared schema, so the whole test
// suite proves the published contract; production skips the cost.
const CHECK_ANSWERS = process.env.NODE_ENV !== "production";

function checkAnswer(def: RouteDef, result: unknown): void {
  const checked = def.answer!.safeParse(result);
  if (checked.success) return;
  const where = checked.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join(".") || "(answer)"}: ${i.message}`)
    .join("; ");
  const message = `The answer of ${def.method.toUpperCase()} /api${def.path} does not match its schema: ${where}`;
  console.error(message);
  throw new Error(message);
}

function headerValues(res: Response): Map<string, string> {
  return new Map(res.getHeaderNames().map((name) => [name, String(res.getHeader(name))]));
}

/** The headers a handler set (or changed): what a kept answer is sent again with. */
function headersSetSince(res: Response, before: Map<string, string>): [string, string][] {
  return [...headerValues(res)].filter(([name, value]) => name !== "set-cookie" && before.get(name) !== value);
}

export class ApiRouter {
  readonly router = express.Router();
  readonly routes: RouteDef[] = [];

  add<const D extends RouteDef>(def: D, ...handlers: [...RequestHandler[], Handler<D>]): void {
    this.routes.push(def);
    const signedIn: RequestHandler[] = [requireAuth];
    if (!def.duringSecondFactorSetup) signedIn.push(requireSecondFactorSetUp);
    if (!def.duringPasswordChange) signedIn.push(requirePasswordChanged);
    const guards: RequestHandler[] =
      def.access === "public"
        ? []
        : def.access === "signed-in"
          ? def.openToEmployees
            ? signedIn
            : [...signedIn, refuseEmployeeRole]
          : [...signedIn, requireRole(def.access)];
    const last = handlers.pop() as Handler<D>;
    const middle = handlers as RequestHandler[];
    this.router[def.method](def.path, ...guards, ...middle, async (req, res) => {
      const input = {
        params: def.params ? parseParams(def.params, req.params) : undefined,
        query: def.query ? parse(def.query, req.query ?? {}) : undefined,
        body: def.body && !def.bodyCheckedInOrder ? parse(def.body, req.body ?? {}) : undefined,
      } as RouteInput<D>;
      const keeping = def.keep?.open(req);
      if (keeping?.kept) return writeJson(res, keeping.kept);
      const headersBefore = keeping?.keep ? headerValues(res) : null;
      const result = await last(req, res, input);
      if (result === undefined || res.headersSent) return;
      if (CHECK_ANSWERS && def.answer) checkAnswer(def, result instanceof JsonText ? JSON.parse(result.text) : result);
      const answer = encodeJson(req, result);
      if (keeping?.keep && headersBefore) await keeping.keep({ ...answer, headers: headersSetSince(res, headersBefore) });
      writeJson(res, answer);
    });
  }

  /** Mount another router's routes (their paths are already absolute under /api). */
  include(other: ApiRouter): void {
    this.routes.push(...other.routes);
    this.router.use(other.router);
  }
}
