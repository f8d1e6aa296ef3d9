import { type HttpCore, seg } from '../http';
import {
  DcaProgramsResponse,
  Order,
  OrderListResponse,
  PairResponse,
  TokenFlowResponse,
  TokenOrdersResponse,
  TokenUsersResponse,
  WalletDcaResponse,
} from '../schemas/dca';
import type { CallOptions } from '../types';
import {
  type AddressCode,
  checkAddress,
  checkCursor,
  checkLimit,
  checkOneOf,
  checkProgram,
  DCA_SORTS,
  DCA_STATUS_FILTERS,
  type DcaSort,
  type DcaStatusFilter,
  LIMIT_MAX,
} from '../validate';

export interface DcaListParams {
  /** Default `jupiter`; the ids come from `programs()`. */
  program?: string;
  limit?: number;
  /** `pagination.nextCursor` of the previous page, with the same sort, status and program. */
  cursor?: string;
  sort?: DcaSort;
  status?: DcaStatusFilter;
}

export interface DcaProgramParam {
  program?: string;
}

export interface DcaUsersParams {
  program?: string;
  limit?: number;
}

function listQuery(params: DcaListParams, maxLimit: number, endpoint: string) {
  return {
    program: checkProgram(params.program, endpoint),
    limit: checkLimit(params.limit, maxLimit, endpoint),
    cursor: checkCursor(params.cursor, endpoint),
    sort: checkOneOf(params.sort, DCA_SORTS, 'INVALID_SORT', 'sort', endpoint),
    status: checkOneOf(params.status, DCA_STATUS_FILTERS, 'INVALID_STATUS', 'status', endpoint),
  };
}

export function createDcaEndpoints(http: HttpCore) {
  const get = <S extends Parameters<HttpCore['json']>[1]>(
    path: string,
    query: Record<string, string | number | undefined>,
    schema: S,
    call?: CallOptions,
  ) => http.json({ service: 'data', method: 'GET', path, query }, schema, call);

  const address = (value: string, code: AddressCode, what: string, endpoint: string) =>
    seg(checkAddress(value, code, what, endpoint));

  return {
    async programs(call?: CallOptions) {
      return get('/dca/programs', {}, DcaProgramsResponse, call);
    },

    /** Orders of a wallet with the per-status summary. */
    async wallet(wallet: string, params: DcaListParams = {}, call?: CallOptions) {
      const ep = '/dca/wallet/{wallet}';
      const w = address(wallet, 'INVALID_WALLET', 'wallet', ep);
      return get(`/dca/wallet/${w}`, listQuery(params, LIMIT_MAX.wallet, ep), WalletDcaResponse, call);
    },

    async walletOrders(wallet: string, params: DcaListParams = {}, call?: CallOptions) {
      const ep = '/dca/wallet/{wallet}/orders';
      const w = address(wallet, 'INVALID_WALLET', 'wallet', ep);
      const query = listQuery(params, LIMIT_MAX.wallet, ep);
      return get(`/dca/wallet/${w}/orders`, query, OrderListResponse, call);
    },

    async order(orderAddress: string, params: DcaProgramParam = {}, call?: CallOptions) {
      const ep = '/dca/order/{address}';
      const a = address(orderAddress, 'INVALID_ORDER', 'order address', ep);
      return get(`/dca/order/${a}`, { program: checkProgram(params.program, ep) }, Order, call);
    },

    /** Buy/sell flow overview of the DCA orders involving a token. */
    async tokenFlow(mint: string, params: DcaListParams = {}, call?: CallOptions) {
      const ep = '/dca/token/{mint}';
      const m = address(mint, 'INVALID_MINT', 'mint', ep);
      return get(`/dca/token/${m}`, listQuery(params, LIMIT_MAX.token, ep), TokenFlowResponse, call);
    },

    /** Orders buying the token (it is their output mint). */
    async tokenBuyers(mint: string, params: DcaListParams = {}, call?: CallOptions) {
      const ep = '/dca/token/{mint}/buyers';
      const m = address(mint, 'INVALID_MINT', 'mint', ep);
      const query = listQuery(params, LIMIT_MAX.token, ep);
      return get(`/dca/token/${m}/buyers`, query, TokenOrdersResponse, call);
    },

    /** Orders selling the token (it is their input mint). */
    async tokenSellers(mint: string, params: DcaListParams = {}, call?: CallOptions) {
      const ep = '/dca/token/{mint}/sellers';
      const m = address(mint, 'INVALID_MINT', 'mint', ep);
      const query = listQuery(params, LIMIT_MAX.token, ep);
      return get(`/dca/token/${m}/sellers`, query, TokenOrdersResponse, call);
    },

    /** Top wallets by DCA activity on a token (program and limit only). */
    async tokenUsers(mint: string, params: DcaUsersParams = {}, call?: CallOptions) {
      const ep = '/dca/token/{mint}/users';
      const m = address(mint, 'INVALID_MINT', 'mint', ep);
      const query = {
        program: checkProgram(params.program, ep),
        limit: checkLimit(params.limit, LIMIT_MAX.token, ep),
      };
      return get(`/dca/token/${m}/users`, query, TokenUsersResponse, call);
    },

    async pair(inputMint: string, outputMint: string, params: DcaListParams = {}, call?: CallOptions) {
      const ep = '/dca/pair/{inputMint}/{outputMint}';
      const i = address(inputMint, 'INVALID_MINT', 'input mint', ep);
      const o = address(outputMint, 'INVALID_MINT', 'output mint', ep);
      return get(`/dca/pair/${i}/${o}`, listQuery(params, LIMIT_MAX.pair, ep), PairResponse, call);
    },
  };
}

export type DcaEndpoints = ReturnType<typeof createDcaEndpoints>;
