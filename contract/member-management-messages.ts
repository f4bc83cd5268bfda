// Messages of member management, join requests and customers (decisions 0800, 0801).
export const memberManagementMessages = {
  cannot_lock_self: {
    vi: 'Bạn không thể tự khoá tài khoản của mình',
    en: 'You cannot lock your own account',
  },
  cannot_lock_last_admin: {
    vi: 'Không thể khoá quản trị viên duy nhất của nhóm',
    en: 'The only admin of a group cannot be locked',
  },
  cannot_remove_last_admin: {
    vi: 'Nhóm phải còn ít nhất một quản trị viên',
    en: 'A group must keep at least one admin',
  },
  cannot_change_own_role: {
    vi: 'Bạn không thể tự đổi vai trò của mình',
    en: 'You cannot change your own role',
  },
  not_group_member: {
    vi: 'Người này không phải thành viên của nhóm',
    en: 'This person is not a member of the group',
  },
  join_already_member: {
    vi: 'Bạn đã là thành viên của nhóm này',
    en: 'You are already a member of this group',
  },
  join_already_requested: {
    vi: 'Bạn đã gửi yêu cầu tham gia, vui lòng chờ duyệt',
    en: 'You have already asked to join; please wait for approval',
  },
  request_not_pending: {
    vi: 'Yêu cầu này không còn chờ duyệt',
    en: 'This request is no longer waiting',
  },
  customer_name_required: {
    vi: 'Vui lòng nhập tên khách hàng',
    en: 'Please enter the customer’s name',
  },
  group_name_required: { vi: 'Vui lòng nhập tên nhóm', en: 'Please enter the group name' },
  group_admin_card_not_found: {
    vi: 'Không tìm thấy thành viên có danh thiếp này để làm quản trị',
    en: 'No member with this card to make an admin',
  },
  customer_card_not_found: {
    vi: 'Không tìm thấy danh thiếp để liên kết',
    en: 'No card found to link',
  },
  customer_card_taken: {
    vi: 'Danh thiếp này đã là khách hàng của nhóm',
    en: 'This card is already a customer of the group',
  },
  invalid_role: {
    vi: 'Vai trò phải là quản trị viên, nhân viên bán hàng hoặc thành viên',
    en: 'The role must be admin, seller or member',
  },
  invalid_status: {
    vi: 'Trạng thái phải là đang hoạt động hoặc đã khoá',
    en: 'The status must be active or locked',
  },
} as const satisfies Record<string, { vi: string; en: string }>;
