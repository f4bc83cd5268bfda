// Messages of the fair-use limits (decision 1023), vi first; spread into contract/messages.ts.
// Each names what was limited and when it frees up ({at}: HH:mm DD/MM in Vietnam time).
export const fairUseMessages = {
  fair_use_uploads: {
    vi: 'Bạn đã tải lên {limit} ảnh trong giờ này, mức tối đa của một tài khoản. Có thể tải tiếp từ {at}.',
    en: 'You have uploaded {limit} pictures this hour, the most one account may. You can upload more from {at}.',
  },
  fair_use_upload_bytes: {
    vi: 'Bạn đã tải lên {limit} MB ảnh trong giờ này, mức tối đa của một tài khoản. Có thể tải tiếp từ {at}.',
    en: 'You have uploaded {limit} MB of pictures this hour, the most one account may. You can upload more from {at}.',
  },
  fair_use_stranger_messages: {
    vi: 'Hôm nay bạn đã gửi {limit} tin nhắn cho người chưa kết bạn, mức tối đa trong một ngày. Tin nhắn này được giữ trên máy và sẽ gửi từ {at}.',
    en: 'Today you have sent {limit} messages to people who are not your friends, the most in one day. This message is kept on the device and will be sent from {at}.',
  },
  fair_use_stranger_recipients: {
    vi: 'Hôm nay bạn đã nhắn tin cho {limit} người chưa kết bạn, mức tối đa trong một ngày. Tin nhắn này được giữ trên máy và sẽ gửi từ {at}.',
    en: 'Today you have written to {limit} people who are not your friends, the most in one day. This message is kept on the device and will be sent from {at}.',
  },
  fair_use_friend_requests: {
    vi: 'Hôm nay bạn đã gửi {limit} lời mời kết bạn, mức tối đa trong một ngày. Lời mời này được giữ trên máy và sẽ gửi từ {at}.',
    en: 'Today you have sent {limit} friend requests, the most in one day. This request is kept on the device and will be sent from {at}.',
  },
  fair_use_live_streams: {
    vi: 'Tài khoản đang mở {limit} kết nối trực tiếp, mức tối đa. Hãy đóng bớt thẻ hoặc thiết bị; thử lại từ {at}.',
    en: 'Your account has {limit} live connections open, the most allowed. Close some tabs or devices; try again from {at}.',
  },
  fair_use_contacts: {
    vi: 'Danh bạ đã có {limit} liên hệ, mức tối đa của một tài khoản. Xoá bớt liên hệ để thêm mới; liên hệ này được giữ trên máy và thử lại từ {at}.',
    en: 'Your phonebook holds {limit} contacts, the most one account may keep. Delete some to add more; this contact is kept on the device and tried again from {at}.',
  },
} as const satisfies Record<string, { vi: string; en: string }>;
