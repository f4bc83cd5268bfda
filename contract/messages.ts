// Every validation and API error message, in Vietnamese (first) and English.
// Schemas carry the code as their message; whoever shows it translates it here.
import { genericMessage } from './generic-message';
import { imageMessages } from './image-messages';
import { registrationMessages } from './registration';
import { publicFormMessages } from './public-form-messages';
import { memberManagementMessages } from './member-management-messages';
import { fairUseMessages } from './fair-use-messages';

export const messages = {
  ...imageMessages,
  ...registrationMessages,
  ...publicFormMessages,
  ...memberManagementMessages,
  ...fairUseMessages,
  required: { vi: 'Vui lòng nhập thông tin', en: 'Please enter the details' },
  invalid_email: { vi: 'Bạn phải nhập địa chỉ email', en: 'Please enter a valid email' },
  invalid_phone: { vi: 'Số điện thoại không hợp lệ', en: 'Invalid phone number' },
  password_required: { vi: 'Vui lòng nhập mật khẩu', en: 'Please enter the password' },
  password_too_short: {
    vi: 'Mật khẩu phải có ít nhất 8 ký tự',
    en: 'The password must have at least 8 characters',
  },
  password_too_long: {
    vi: 'Mật khẩu không được dài quá 128 ký tự',
    en: 'The password must have at most 128 characters',
  },
  password_too_common: {
    vi: 'Mật khẩu này quá phổ biến, hãy chọn mật khẩu khác',
    en: 'This password is too common, please choose another',
  },
  confirm_password_required: {
    vi: 'Vui lòng xác nhận mật khẩu',
    en: 'Please confirm the password',
  },
  password_mismatch: { vi: 'Mật khẩu không khớp', en: 'Passwords do not match' },
  password_same_as_current: {
    vi: 'Mật khẩu mới không được giống với mật khẩu hiện tại',
    en: 'The new password must differ from the current password',
  },
  activation_code_required: {
    vi: 'Vui lòng nhập mã kích hoạt',
    en: 'Please enter the activation code',
  },
  title_required: { vi: 'Vui lòng nhập tiêu đề', en: 'Please enter a title' },
  content_required: { vi: 'Vui lòng nhập nội dung', en: 'Please enter the content' },
  date_required: { vi: 'Vui lòng chọn ngày', en: 'Please choose a date' },
  invalid_date: { vi: 'Ngày không hợp lệ', en: 'Invalid date' },
  date_range_reversed: {
    vi: 'Ngày bắt đầu phải trước hoặc bằng ngày kết thúc',
    en: 'The start date must be on or before the end date',
  },
  date_range_too_long: {
    vi: 'Khoảng thời gian không được dài quá 2 năm',
    en: 'The date range must not be longer than 2 years',
  },
  child_type_required: {
    vi: 'Vui lòng nhập loại con của sản phẩm',
    en: 'Please enter the product’s sub-type',
  },
  bank_name_required: { vi: 'Vui lòng nhập tên ngân hàng', en: 'Please enter the bank name' },
  owner_name_required: {
    vi: 'Vui lòng nhập tên chủ tài khoản',
    en: "Please enter the account owner's name",
  },
  account_number_required: {
    vi: 'Vui lòng nhập số tài khoản',
    en: 'Please enter the account number',
  },
  invalid_link: { vi: 'Đường dẫn không hợp lệ', en: 'Invalid link' },
  // Rules every address and every name, title or message shares (decision 1020).
  url_control_characters: {
    vi: 'Địa chỉ chứa ký tự điều khiển (xuống dòng, tab…), hãy xoá chúng',
    en: 'The address contains control characters (line breaks, tabs…); remove them',
  },
  url_backslash: {
    vi: 'Địa chỉ không được chứa dấu gạch chéo ngược (\\), hãy dùng dấu /',
    en: 'The address may not contain a backslash (\\); use / instead',
  },
  text_invisible_only: {
    vi: 'Nội dung chỉ gồm ký tự vô hình, hãy nhập chữ nhìn thấy được',
    en: 'This text has only invisible characters; please type visible text',
  },
  bank_required: { vi: 'Vui lòng chọn ngân hàng', en: 'Please choose the bank' },
  bank_unknown: {
    vi: 'Ngân hàng không có trong danh sách',
    en: 'This bank is not in the list',
  },
  invalid_account_number: {
    vi: 'Số tài khoản chỉ gồm chữ và số (tối đa 19 ký tự)',
    en: 'The account number has only letters and digits (at most 19)',
  },
  invalid_facebook_link: {
    vi: 'Nhập tên trang Facebook hoặc đường dẫn facebook.com',
    en: 'Enter a Facebook page name or a facebook.com link',
  },
  invalid_zalo_link: {
    vi: 'Nhập số điện thoại Zalo hoặc đường dẫn zalo.me',
    en: 'Enter a Zalo phone number or a zalo.me link',
  },
  invalid_tiktok_link: {
    vi: 'Nhập tên TikTok (@ten) hoặc đường dẫn tiktok.com',
    en: 'Enter a TikTok name (@name) or a tiktok.com link',
  },
  invalid_youtube_channel: {
    vi: 'Nhập tên kênh YouTube (@kenh) hoặc đường dẫn youtube.com',
    en: 'Enter a YouTube channel (@channel) or a youtube.com link',
  },
  invalid_youtube_link: {
    vi: 'Đường dẫn YouTube không hợp lệ',
    en: 'Not a YouTube video link',
  },
  view_type_required: { vi: 'Vui lòng chọn kiểu hiển thị', en: 'Please choose a view type' },
  images_required: { vi: 'Vui lòng chọn hình ảnh', en: 'Please choose images' },
  start_before_end: {
    vi: 'Ngày bắt đầu phải trước ngày kết thúc',
    en: 'The start date must be before the end date',
  },
  poster_expired: {
    vi: 'Không thể bật poster đã hết hạn',
    en: 'A poster whose end date has passed cannot be enabled',
  },
  recipient_required: { vi: 'Vui lòng chọn người nhận', en: 'Please choose a recipient' },
  recipient_not_member: {
    vi: 'Người nhận không phải là thành viên',
    en: 'A recipient is not a member',
  },
  message_body_required: { vi: 'Vui lòng nhập lời nhắn', en: 'Please enter a message' },
  message_too_many_recipients: {
    vi: 'Mỗi lời nhắn gửi được tối đa 500 người nhận',
    en: 'A message can go to at most 500 recipients',
  },
  push_token_required: { vi: 'Thiếu mã thông báo đẩy', en: 'The push token is missing' },
  gender_required: { vi: 'Vui lòng chọn giới tính', en: 'Please choose a gender' },
  birth_date_required: { vi: 'Vui lòng nhập ngày sinh', en: 'Please enter the date of birth' },
  address_required: { vi: 'Vui lòng nhập địa chỉ', en: 'Please enter the address' },
  about_me_required: { vi: 'Vui lòng giới thiệu bản thân', en: 'Please write about yourself' },
  too_long: { vi: 'Nội dung quá dài', en: 'The text is too long' },
  invalid_value: { vi: 'Giá trị không hợp lệ', en: 'Invalid value' },
  invalid_id: { vi: 'Mã không hợp lệ', en: 'Invalid id' },
  invalid_number: { vi: 'Số không hợp lệ', en: 'Invalid number' },
  // Field messages a schema issue maps to when the schema names none (contract/field-messages.ts)
  not_a_number: { vi: 'Vui lòng nhập một số', en: 'Please enter a number' },
  not_whole_number: { vi: 'Vui lòng nhập số nguyên', en: 'Please enter a whole number' },
  too_small: { vi: 'Giá trị phải từ {min} trở lên', en: 'The value must be at least {min}' },
  too_large: { vi: 'Giá trị không được lớn hơn {max}', en: 'The value must be at most {max}' },
  text_too_long: {
    vi: 'Không được dài quá {max} ký tự',
    en: 'Use at most {max} characters',
  },
  text_too_short: { vi: 'Cần ít nhất {min} ký tự', en: 'Use at least {min} characters' },
  text_wrong_length: { vi: 'Cần đúng {length} ký tự', en: 'Use exactly {length} characters' },
  too_many_items: { vi: 'Chỉ được chọn tối đa {max} mục', en: 'Choose at most {max} items' },
  too_few_items: { vi: 'Cần chọn ít nhất {min} mục', en: 'Choose at least {min} items' },
  not_allowed_value: {
    vi: 'Giá trị không nằm trong các lựa chọn cho phép',
    en: 'Not one of the allowed values',
  },
  not_text: { vi: 'Vui lòng nhập dạng chữ', en: 'Please enter text' },
  not_yes_no: { vi: 'Giá trị phải là có hoặc không', en: 'The value must be yes or no' },
  not_a_list: { vi: 'Giá trị phải là một danh sách', en: 'The value must be a list' },
  not_a_group: {
    vi: 'Giá trị phải là một nhóm thông tin',
    en: 'The value must be a group of fields',
  },
  invalid_format: { vi: 'Sai định dạng', en: 'The format is not valid' },
  invalid_time: { vi: 'Thời gian không hợp lệ', en: 'Invalid time' },
  digits_only: { vi: 'Chỉ được nhập chữ số', en: 'Use digits only' },
  unknown_field: { vi: 'Trường này không được chấp nhận', en: 'This field is not accepted' },
  // Profile lists served by GET /members/interest, careers, childCareers (decision 0671)
  interest_unknown: {
    vi: 'Sở thích "{value}" không có trong danh sách',
    en: 'The interest "{value}" is not in the list',
  },
  business_sector_unknown: {
    vi: 'Lĩnh vực kinh doanh "{value}" không có trong danh sách',
    en: 'The business sector "{value}" is not in the list',
  },
  // Content forms (contract/content.ts) and addresses (contract/address.ts)
  post_type_required: { vi: 'Vui lòng chọn loại bài viết', en: 'Please choose a post type' },
  product_type_required: { vi: 'Vui lòng chọn loại sản phẩm', en: 'Please choose a product type' },
  activity_type_required: {
    vi: 'Vui lòng chọn loại hoạt động',
    en: 'Please choose an activity type',
  },
  display_name_required: { vi: 'Vui lòng nhập tên hiển thị', en: 'Please enter a display name' },
  link_required: { vi: 'Vui lòng nhập đường dẫn', en: 'Please enter a link' },
  price_invalid: {
    vi: 'Giá phải là số nguyên không âm (VNĐ)',
    en: 'The price must be a whole, non-negative amount (VND)',
  },
  start_date_required: { vi: 'Vui lòng chọn ngày bắt đầu', en: 'Please choose a start date' },
  end_date_required: { vi: 'Vui lòng chọn ngày kết thúc', en: 'Please choose an end date' },
  phone_required: { vi: 'Vui lòng nhập số điện thoại', en: 'Please enter a phone number' },
  month_required: { vi: 'Vui lòng nhập tháng', en: 'Please enter the month' },
  invalid_month: {
    vi: 'Tháng phải có dạng MM/YYYY',
    en: 'The month must look like MM/YYYY',
  },
  negative_number: {
    vi: 'Giá trị phải là số không âm',
    en: 'The value must be a non-negative number',
  },
  address_province_required: {
    vi: 'Vui lòng chọn tỉnh/thành phố',
    en: 'Please choose a province or city',
  },
  address_province_not_found: {
    vi: 'Không tìm thấy tỉnh/thành phố này',
    en: 'No such province or city',
  },
  contact_name_required: { vi: 'Vui lòng nhập tên liên hệ', en: 'Please enter the contact name' },
  base_field_unknown: {
    vi: 'Bản gốc của thay đổi có trường không sửa được',
    en: 'The change names a field that cannot be edited',
  },
  conflict_choice_invalid: {
    vi: 'Lựa chọn này không dùng được cho xung đột này',
    en: 'This choice does not apply to this conflict',
  },
  friend_self: {
    vi: 'Bạn không thể kết bạn với chính mình',
    en: 'You cannot send a friend request to yourself',
  },
  friend_already: { vi: 'Hai bạn đã là bạn bè', en: 'You are already friends' },
  exchange_self: {
    vi: 'Đây là thẻ của chính bạn: không thể trao đổi thẻ với chính mình',
    en: 'This is your own card: you cannot exchange cards with yourself',
  },
  exchange_not_member: {
    vi: 'Chỉ trao đổi thẻ được với thẻ của một thành viên m.e Cards: thẻ này không thuộc thành viên nào',
    en: 'Cards can only be exchanged on an m.e Cards member’s card: this card belongs to no member',
  },
  friend_request_exists: {
    vi: 'Lời mời kết bạn đã được gửi',
    en: 'A friend request is already waiting',
  },
  friend_request_missing: {
    vi: 'Không có lời mời kết bạn nào đang chờ',
    en: 'There is no friend request waiting',
  },
  friend_not_friends: { vi: 'Hai bạn chưa là bạn bè', en: 'You are not friends' },
  friend_mismatch: {
    vi: 'Thông tin lời mời không khớp với tài khoản đăng nhập',
    en: 'The request does not match the logged-in account',
  },
  invoice_number_required: {
    vi: 'Vui lòng nhập số hoá đơn',
    en: 'Please enter the invoice number',
  },
  points_insufficient: {
    vi: 'Không đủ điểm để trừ: thành viên chỉ còn {available} điểm',
    en: 'Not enough points to deduct: the member has only {available} points left',
  },
  recorded_in_future: {
    vi: 'Thời điểm ghi nhận nằm ở tương lai: hãy kiểm tra đồng hồ của thiết bị',
    en: 'The recorded time is in the future: check the device clock',
  },
  recorded_too_old: {
    vi: 'Giao dịch đã được ghi nhận hơn {days} ngày trước nên không thể gửi nữa',
    en: 'This entry was recorded more than {days} days ago and can no longer be sent',
  },
  points_exceed_invoice: {
    vi: 'Số điểm trừ vượt quá giá trị hoá đơn',
    en: 'The deducted points are worth more than the invoice',
  },
  points_override_admin_only: {
    vi: 'Chỉ quản trị viên của nhóm mới được đặt số điểm tích luỹ khác',
    en: "Only the group's admins may set a different number of earned points",
  },
  points_self_entry: {
    vi: 'Bạn không thể ghi điểm hay check-in cho chính mình',
    en: 'You cannot log points or check-ins for yourself',
  },
  // Accounts and sessions
  name_required: { vi: 'Vui lòng nhập họ và tên', en: 'Please enter your full name' },
  otp_required: { vi: 'Vui lòng nhập mã OTP', en: 'Please enter the OTP code' },
  otp_invalid_format: { vi: 'Mã OTP gồm 6 chữ số', en: 'The OTP code has 6 digits' },
  otp_invalid: { vi: 'Mã OTP không đúng', en: 'The OTP code is not correct' },
  otp_expired: {
    vi: 'Mã OTP đã hết hạn, vui lòng lấy mã mới',
    en: 'The OTP code has expired, please request a new one',
  },
  otp_exhausted: {
    vi: 'Bạn đã nhập sai mã OTP quá nhiều lần, vui lòng lấy mã mới',
    en: 'Too many wrong OTP codes, please request a new one',
  },
  invalid_credentials: {
    vi: 'Email/số điện thoại hoặc mật khẩu không đúng',
    en: 'Wrong e-mail/phone or password',
  },
  account_locked: { vi: 'Tài khoản đã bị khoá', en: 'This account is locked' },
  account_exists: {
    vi: 'Tài khoản đã tồn tại, vui lòng đăng nhập',
    en: 'This account already exists, please log in',
  },
  wrong_password: { vi: 'Mật khẩu hiện tại không đúng', en: 'The current password is wrong' },
  refresh_missing: {
    vi: 'Không tìm thấy phiên đăng nhập, vui lòng đăng nhập lại',
    en: 'No session found, please log in again',
  },
  refresh_invalid: {
    vi: 'Phiên đăng nhập không hợp lệ, vui lòng đăng nhập lại',
    en: 'The session is not valid, please log in again',
  },
  refresh_reused: {
    vi: 'Phiên đăng nhập đã bị dùng lại và đã bị đóng vì an toàn, vui lòng đăng nhập lại',
    en: 'The session was reused and has been closed for safety, please log in again',
  },
  session_expired: {
    vi: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại',
    en: 'Your session has expired, please log in again',
  },
  session_revoked: {
    vi: 'Phiên đăng nhập đã kết thúc, vui lòng đăng nhập lại',
    en: 'This session has ended, please log in again',
  },
  reset_token_invalid: {
    vi: 'Liên kết đặt lại mật khẩu không hợp lệ',
    en: 'This password reset link is not valid',
  },
  reset_token_used: {
    vi: 'Liên kết đặt lại mật khẩu đã được sử dụng',
    en: 'This password reset link has already been used',
  },
  reset_token_expired: {
    vi: 'Liên kết đặt lại mật khẩu đã hết hạn',
    en: 'This password reset link has expired',
  },
  card_not_found: { vi: 'Không tìm thấy thẻ', en: 'Card not found' },
  card_already_active: { vi: 'Thẻ đã được kích hoạt', en: 'This card is already activated' },
  activation_code_invalid: { vi: 'Mã kích hoạt không đúng', en: 'Wrong activation code' },
  provider_disabled: {
    vi: 'Hình thức đăng nhập này chưa được bật',
    en: 'This way of logging in is not enabled',
  },
  import_empty: {
    vi: 'Tệp không có liên hệ nào để nhập',
    en: 'The file has no contacts to import',
  },
  import_no_name_column: {
    vi: 'Tệp CSV cần một cột "Họ tên" (hoặc "Name")',
    en: 'The CSV file needs a "Name" (or "Họ tên") column',
  },
  import_unreadable: {
    vi: 'Không đọc được tệp: hãy dùng tệp CSV hoặc vCard (.vcf)',
    en: 'The file cannot be read: use a CSV or vCard (.vcf) file',
  },
  import_row_invalid: {
    vi: 'Liên hệ ở dòng {line} không hợp lệ, chưa nhập gì',
    en: 'The contact on line {line} is not valid; nothing was imported',
  },
  wallet_not_configured: {
    vi: 'Thẻ ví điện tử chưa được bật trên máy chủ này',
    en: 'Wallet passes are not enabled on this server',
  },
  origin_mismatch: {
    vi: 'Yêu cầu đến từ trang khác',
    en: 'The request came from another site',
  },
  // Card display, short link and brand settings (contract/card-settings.ts)
  url_minify_chars: {
    vi: 'Chỉ dùng chữ thường không dấu (a-z), chữ số và dấu gạch ngang (-)',
    en: 'Use only lowercase letters without accents (a-z), digits and hyphens (-)',
  },
  url_minify_edges: {
    vi: 'Đường dẫn phải bắt đầu và kết thúc bằng chữ hoặc số, không có hai dấu gạch liền nhau',
    en: 'The link must start and end with a letter or digit, with no two hyphens in a row',
  },
  url_minify_reserved: {
    vi: 'Đường dẫn này được dành riêng cho hệ thống, hãy chọn đường dẫn khác',
    en: 'This link is reserved, please choose another',
  },
  url_minify_taken: {
    vi: 'Đường dẫn này đã có người dùng, hãy chọn đường dẫn khác',
    en: 'This link is already taken, please choose another',
  },
  // Short links (contract/short-link.ts)
  short_link_target_required: {
    vi: 'Vui lòng nhập địa chỉ đích của đường dẫn rút gọn',
    en: 'Please enter where the short link goes',
  },
  short_link_target_invalid: {
    vi: 'Địa chỉ đích phải là một đường dẫn http:// hoặc https:// hợp lệ',
    en: 'The target must be a valid http:// or https:// address',
  },
  short_link_target_unsafe: {
    vi: 'Chỉ chấp nhận địa chỉ http:// hoặc https:// (không nhận javascript:, data: …)',
    en: 'Only http:// or https:// addresses are allowed (not javascript:, data: …)',
  },
  short_link_target_loop: {
    vi: 'Địa chỉ đích không được là một đường dẫn rút gọn khác (sẽ chuyển hướng vòng tròn)',
    en: 'The target may not be another short link (it would redirect in a loop)',
  },
  short_link_slug_fixed: {
    vi: 'Không đổi được đường dẫn của một liên kết rút gọn đã tạo, hãy tạo liên kết mới',
    en: 'The address of a short link cannot be changed, create a new one instead',
  },
  // Bio link page (contract/bio-link.ts)
  bio_link_title_required: {
    vi: 'Vui lòng nhập tên của liên kết',
    en: 'Please enter a title for the link',
  },
  bio_link_url_required: {
    vi: 'Vui lòng nhập địa chỉ của liên kết',
    en: 'Please enter where the link goes',
  },
  bio_link_url_invalid: {
    vi: 'Địa chỉ phải là một đường dẫn http:// hoặc https:// hợp lệ',
    en: 'The address must be a valid http:// or https:// address',
  },
  bio_link_url_unsafe: {
    vi: 'Chỉ chấp nhận địa chỉ http:// hoặc https:// (không nhận javascript:, data: …)',
    en: 'Only http:// or https:// addresses are allowed (not javascript:, data: …)',
  },
  bio_link_schedule_order: {
    vi: 'Thời điểm kết thúc phải sau thời điểm bắt đầu hiển thị',
    en: 'The end of the schedule must come after its start',
  },
  // Support requests (contract/support.ts)
  support_topic_required: { vi: 'Vui lòng chọn chủ đề cần hỗ trợ', en: 'Please choose a topic' },
  support_message_required: {
    vi: 'Vui lòng mô tả vấn đề bạn cần hỗ trợ',
    en: 'Please describe what you need help with',
  },
  unknown_theme: { vi: 'Giao diện này không tồn tại', en: 'This theme does not exist' },
  theme_not_allowed: {
    vi: 'Thương hiệu của bạn chỉ được dùng các giao diện riêng của thương hiệu',
    en: "Your brand may only use the brand's own styles",
  },
  image_link_invalid: {
    vi: 'Đường dẫn ảnh phải bắt đầu bằng https://, http:// hoặc /',
    en: 'An image link must start with https://, http:// or /',
  },
  brand_phone_invalid: {
    vi: 'Số điện thoại không đúng: cần 10–11 chữ số, bắt đầu bằng 0 hoặc +84',
    en: 'Wrong phone number: it needs 10–11 digits starting with 0 or +84',
  },
  email_format_invalid: {
    vi: 'Email không đúng dạng, ví dụ: ten@congty.vn',
    en: 'The email is not valid, e.g. name@company.vn',
  },
  website_invalid: {
    vi: 'Trang web không đúng dạng, ví dụ: congty.vn hoặc https://congty.vn',
    en: 'The website is not valid, e.g. company.vn or https://company.vn',
  },
  form_field_label_required: {
    vi: 'Vui lòng nhập tên trường',
    en: 'Please enter the field name',
  },
  // API errors
  generic: genericMessage,
  not_found: { vi: 'Không tìm thấy', en: 'Not found' },
  // An /api path no call answers (a client or link error), not a missing object.
  unknown_call: {
    vi: 'Không có chức năng này trên máy chủ',
    en: 'The server has no such call',
  },
  bad_json: { vi: 'Dữ liệu gửi lên không đúng định dạng JSON', en: 'The body is not valid JSON' },
  bad_text_encoding: {
    vi: 'Dữ liệu gửi lên có ký tự không hợp lệ (không phải văn bản UTF-8 chuẩn)',
    en: 'The body holds characters that are not valid UTF-8 text',
  },
  body_too_large: { vi: 'Dữ liệu gửi lên quá lớn', en: 'The request body is too large' },
  body_too_deep: {
    vi: 'Dữ liệu gửi lên lồng nhau quá {depth} cấp',
    en: 'The request body is nested more than {depth} levels deep',
  },
  validation_failed: {
    vi: 'Dữ liệu không hợp lệ',
    en: 'Some fields are not valid',
  },
  unauthorized: { vi: 'Vui lòng đăng nhập', en: 'Please log in' },
  forbidden: {
    vi: 'Bạn không có quyền thực hiện thao tác này',
    en: 'You are not allowed to do this',
  },
  rate_limited: {
    vi: 'Bạn thao tác quá nhanh, vui lòng thử lại sau',
    en: 'Too many attempts, please try again later',
  },
  conflict: { vi: 'Dữ liệu đã thay đổi, vui lòng thử lại', en: 'The data changed, please retry' },
  idempotency_mismatch: {
    vi: 'Khoá thao tác đã được dùng cho một yêu cầu khác',
    en: 'This idempotency key was used for a different request',
  },
  token_expired: { vi: 'Phiên đăng nhập đã hết hạn', en: 'Your session has expired' },
  token_invalid: { vi: 'Phiên đăng nhập không hợp lệ', en: 'Your session is not valid' },
  upgrade_required: {
    vi: 'Vui lòng tải lại ứng dụng để cập nhật',
    en: 'Please reload the app to update it',
  },
  // Sync (batch push and delta pull)
  unknown_mutation: {
    vi: 'Thao tác không được hỗ trợ, vui lòng cập nhật ứng dụng',
    en: 'This action is not supported, please update the app',
  },
  too_many_entries: {
    vi: 'Gửi quá nhiều thay đổi trong một lần',
    en: 'Too many changes in one request',
  },
  push_too_many_entries: {
    vi: 'Mỗi lần gửi tối đa {max} thay đổi',
    en: 'One push may carry at most {max} changes',
  },
  push_in_progress: {
    vi: 'Đang gửi các thay đổi khác của bạn, sẽ thử lại sau giây lát',
    en: 'Your other changes are being sent, will retry in a moment',
  },
  resync_required: {
    vi: 'Dữ liệu trên máy đã quá cũ, đang tải lại toàn bộ',
    en: 'The data on this device is too old, reloading all of it',
  },
  server_gave_up: {
    vi: 'Máy chủ không áp dụng được thay đổi này sau {tries} lần thử',
    en: 'The server could not apply this change after {tries} tries',
  },
  not_attempted: {
    vi: 'Chưa gửi được, sẽ thử lại',
    en: 'Not sent yet, will retry',
  },
  // Agencies, discounts and association reports (decision 0810).
  discount_inactive: {
    vi: 'Ưu đãi này đã tắt hoặc bị xoá',
    en: 'This discount is switched off or deleted',
  },
  discount_not_started: {
    vi: 'Ưu đãi này chưa bắt đầu',
    en: 'This discount has not started yet',
  },
  discount_expired: { vi: 'Ưu đãi này đã hết hạn', en: 'This discount has expired' },
  discount_not_member: {
    vi: 'Khách hàng không phải thành viên của nhóm đưa ra ưu đãi',
    en: 'The buyer is not a member of the group offering this discount',
  },
  discount_wrong_group: {
    vi: 'Ưu đãi này không thuộc nhóm đang tích điểm',
    en: 'This discount belongs to another group',
  },
  report_month_exists: {
    vi: 'Nhóm đã có báo cáo tháng này, hãy sửa báo cáo đó',
    en: 'The group already has a report for this month; edit it instead',
  },
  agency_required: {
    vi: 'Bạn không quản trị hiệp hội nào',
    en: 'You do not administer any agency',
  },
} as const satisfies Record<string, { vi: string; en: string }>;

export type MessageCode = keyof typeof messages;
export type Lang = 'vi' | 'en';

export function isMessageCode(value: string): value is MessageCode {
  return Object.hasOwn(messages, value);
}

/**
 * Text of a code in a language; unknown codes fall back to the generic message. `{name}`
 * placeholders are filled from params (numbers shown with dot thousands, spec §9).
 */
export function messageText(
  code: string,
  lang: Lang = 'vi',
  params?: Record<string, string | number>,
): string {
  const text: string = isMessageCode(code) ? messages[code][lang] : messages.generic[lang];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.') : value;
  });
}
