// Decision 0800: every member-management, join-request and customer call × each role that
// may not make it (anonymous, a plain member, the brand's seller, the admin of another group)
// answers 401/403, says nothing of the group's people and changes no row; the role that may
// make it gets a 2xx.
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './test-server';
import {
  managedRowsFingerprint,
  memberManagementCast,
  type MemberManagementCast,
} from './member-management-fixture';

const server = await startTestServer({ demo: true });
let cast: MemberManagementCast;

beforeAll(async () => {
  cast = await memberManagementCast(server);
});

type Role = 'anonymous' | 'member' | 'seller' | 'otherAdmin';
const refusedRoles: Role[] = ['anonymous', 'member', 'seller', 'otherAdmin'];

interface Call {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: (c: MemberManagementCast) => string;
  json?: (c: MemberManagementCast) => unknown;
  /** Roles refused; the join calls only need a login. */
  refused: Role[];
}

const calls: Call[] = [
  {
    name: 'getListMemberByGroupId',
    method: 'GET',
    path: (c) => `/api/members/getListMemberByGroupId/${c.brandId}?page=1&filter=ha`,
    refused: refusedRoles,
  },
  {
    name: 'getListMemberRequestByGroupId',
    method: 'GET',
    path: (c) => `/api/members/getListMemberRequestByGroupId/${c.brandId}`,
    refused: refusedRoles,
  },
  {
    name: 'acceptMemberRequestById',
    method: 'PUT',
    path: (c) => `/api/members/acceptMemberRequestById/${c.requestRow.id}`,
    refused: refusedRoles,
  },
  {
    name: 'rejectMemberRequestById',
    method: 'PUT',
    path: (c) => `/api/members/rejectMemberRequestById/${c.requestRow.id}`,
    refused: refusedRoles,
  },
  {
    name: 'updateMemberRoleById',
    method: 'PUT',
    path: (c) => `/api/members/updateMemberRoleById/${c.memberRow.id}`,
    json: () => ({ role: 'seller' }),
    refused: refusedRoles,
  },
  {
    name: 'removeMemberById',
    method: 'PUT',
    path: (c) => `/api/members/removeMemberById/${c.memberRow.id}`,
    refused: refusedRoles,
  },
  {
    name: 'updateMemberStatusById',
    method: 'PUT',
    path: (c) => `/api/members/updateMemberStatusById/${c.memberRow.memberId}`,
    json: (c) => ({ status: 'locked', groupId: c.brandId }),
    refused: refusedRoles,
  },
  {
    name: 'getCustomer',
    method: 'GET',
    path: (c) => `/api/members/getCustomer/${c.brandId}?query=truong`,
    refused: refusedRoles,
  },
  {
    name: 'createCustomer',
    method: 'POST',
    path: () => `/api/members/createCustomer`,
    json: (c) => ({ groupId: c.brandId, name: 'Khách Mới', phone: '0909000111' }),
    refused: refusedRoles,
  },
  {
    name: 'updateCustomerById',
    method: 'PUT',
    path: (c) => `/api/members/updateCustomerById/${c.customerId}`,
    json: () => ({ note: 'đã đổi' }),
    refused: refusedRoles,
  },
  {
    name: 'deleteCustomerById',
    method: 'PUT',
    path: (c) => `/api/members/deleteCustomerById/${c.customerId}`,
    refused: refusedRoles,
  },
  {
    name: 'getJoinStatus',
    method: 'GET',
    path: (c) => `/api/members/getJoinStatus/${c.brandId}`,
    refused: ['anonymous'],
  },
  {
    name: 'requestJoinGroup',
    method: 'POST',
    path: (c) => `/api/members/requestJoinGroup/${c.brandId}`,
    refused: ['anonymous'],
  },
  {
    name: 'cancelJoinRequest',
    method: 'PUT',
    path: (c) => `/api/members/cancelJoinRequest/${c.brandId}`,
    refused: ['anonymous'],
  },
];

/** What of the brand's people must never show in a refusal. */
const secrets = [
  'Phạm Thu Hà',
  'pham-thu-ha',
  'Đặng Ngọc Lan',
  'Trương Văn Hậu',
  '0938111333',
  'hau.truong',
  'Khách quen',
];

function tokenOf(role: Role): string | undefined {
  return role === 'anonymous' ? undefined : cast[role].token;
}

async function send(call: Call, token: string | undefined): Promise<Response> {
  return server.request(call.path(cast), {
    method: call.method,
    ...(token ? { token } : {}),
    ...(call.json ? { json: call.json(cast) } : call.method === 'GET' ? {} : { json: {} }),
  });
}

describe('authorization matrix of member management and customers', () => {
  for (const call of calls) {
    for (const role of call.refused) {
      it(`${call.name} × ${role}: ${role === 'anonymous' ? 401 : 403}, no leak, nothing changed`, async () => {
        const before = await managedRowsFingerprint(server);
        const res = await send(call, tokenOf(role));
        expect(res.status).toBe(role === 'anonymous' ? 401 : 403);
        const text = await res.text();
        for (const secret of secrets) expect(text).not.toContain(secret);
        expect(await managedRowsFingerprint(server)).toBe(before);
      });
    }
  }

  it('the group admin may make every call (2xx)', async () => {
    // In an order where each call still has something to act on.
    const order = [
      'getListMemberByGroupId',
      'getListMemberRequestByGroupId',
      'getCustomer',
      'createCustomer',
      'updateCustomerById',
      'updateMemberRoleById',
      'updateMemberStatusById',
      'acceptMemberRequestById',
      'removeMemberById',
      'deleteCustomerById',
    ];
    for (const name of order) {
      const call = calls.find((c) => c.name === name)!;
      const res = await send(call, cast.admin.token);
      expect([name, res.status]).toEqual([name, 200]);
    }
    // Reject needs a waiting request: the other group's admin asks to join, then is refused.
    const join = calls.find((c) => c.name === 'requestJoinGroup')!;
    expect((await send(join, cast.otherAdmin.token)).status).toBe(200);
    const status = calls.find((c) => c.name === 'getJoinStatus')!;
    const standing = (await (await send(status, cast.otherAdmin.token)).json()) as {
      status: string;
    };
    expect(standing.status).toBe('requested');
    const cancel = calls.find((c) => c.name === 'cancelJoinRequest')!;
    expect((await send(cancel, cast.otherAdmin.token)).status).toBe(200);
    expect((await send(join, cast.otherAdmin.token)).status).toBe(200);
    const requests = (await (
      await server.request(`/api/members/getListMemberRequestByGroupId/${cast.brandId}`, {
        token: cast.admin.token,
      })
    ).json()) as { items: { id: string; memberId: string }[] };
    const asked = requests.items.find((r) => r.memberId === cast.otherAdmin.id)!;
    const reject = await server.request(`/api/members/rejectMemberRequestById/${asked.id}`, {
      method: 'PUT',
      token: cast.admin.token,
    });
    expect(reject.status).toBe(200);
  });
});
