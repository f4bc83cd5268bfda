// The calls of a group page's membership box, loaded with the API client only when a
// logged-in viewer opens a group's page: the visitor's card page carries none of their bytes.
import { apiCall } from '../../api/http-client';
import {
  customers,
  joinRequest,
  joinRequestCancel,
  joinStatus,
} from '../../../contract/rest-routes';

export const groupMembershipCalls = {
  standing: (groupId: string) => apiCall(joinStatus, { params: { groupId } }),
  requestJoin: (groupId: string) => apiCall(joinRequest, { params: { groupId } }),
  cancelJoinRequest: (groupId: string) => apiCall(joinRequestCancel, { params: { groupId } }),
  customers: (groupId: string) => apiCall(customers, { params: { groupId } }),
};
