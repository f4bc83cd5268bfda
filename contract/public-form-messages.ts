// Messages of the public forms (wedding replies, contact-us) and the wedding invitation
// (decision 0720), vi first; spread into contract/messages.ts.
export const publicFormMessages = {
  guest_name_required: { vi: 'Vui lòng nhập họ tên', en: 'Please enter your name' },
  attending_required: {
    vi: 'Vui lòng chọn bạn có tham dự hay không',
    en: 'Please say whether you will attend',
  },
  guest_count_invalid: {
    vi: 'Số người tham dự phải từ 1 đến 20',
    en: 'The number of people must be from 1 to 20',
  },
  sender_name_required: { vi: 'Vui lòng nhập họ tên', en: 'Please enter your name' },
  phone_or_email_required: {
    vi: 'Vui lòng nhập số điện thoại hoặc email',
    en: 'Please enter a phone number or an email',
  },
  contact_message_required: {
    vi: 'Vui lòng nhập nội dung liên hệ',
    en: 'Please enter your message',
  },
  consent_required: {
    vi: 'Vui lòng đánh dấu đồng ý để gửi thông tin của bạn',
    en: 'Please tick the consent box to send your details',
  },
  recipient_missing: {
    vi: 'Thiếu người nhận (thẻ cá nhân hoặc trang thương hiệu)',
    en: 'The recipient (a card or a brand page) is missing',
  },
  groom_name_required: { vi: 'Vui lòng nhập tên chú rể', en: "Please enter the groom's name" },
  bride_name_required: { vi: 'Vui lòng nhập tên cô dâu', en: "Please enter the bride's name" },
  invalid_wedding_time: {
    vi: 'Giờ không hợp lệ (ví dụ 11H00)',
    en: 'Invalid time (for example 11H00)',
  },
} as const;
