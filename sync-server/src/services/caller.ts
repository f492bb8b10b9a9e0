/** Who calls a service and from where: plain types the auth plugin fills from a request; services never see the request. */
import type { RoleName } from '@scentry/shared-schema';

/**
 * The signed-in staff member a service acts for, as the auth plugin read them from the bearer
 * token (read again on every call). Services take this, never an HTTP request.
 */
export interface Caller {
  id: number;
  roleName: RoleName;
  organizationId: number | null;
  /** The id of the token the request came with. */
  tokenId: string | null;
  email: string;
  /** Whether the user's organization lets its staff see player names (true without one). */
  discloseUserDetails: boolean;
  /** REQUIRE_TOTP covers the user and they have no TOTP yet (read per request: a change applies at once). */
  totpSetupRequired?: boolean;
}

/** Where a call comes from: the client's address and, on a staff call, the signed-in user. */
export interface Origin {
  caller: Caller | undefined;
  address: string;
}

/** What a session token (JWT) carries. */
export interface TokenPayload {
  sub: string;
  role: string;
  /** The user's token version when signed (see users.token_version); absent in older tokens: 0. */
  ver?: number;
  /** The token's own id. */
  jti?: string;
}
