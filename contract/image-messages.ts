// Messages of picture uploads (decision 0620), vi first; spread into contract/messages.ts.
export const imageMessages = {
  image_required: { vi: 'Vui lòng chọn một ảnh', en: 'Please choose a picture' },
  image_too_large: {
    vi: 'Ảnh quá lớn: tối đa {max} MB',
    en: 'The picture is too large: at most {max} MB',
  },
  image_type_unsupported: {
    vi: 'Tệp này không phải ảnh JPEG, PNG, WebP hay AVIF',
    en: 'This file is not a JPEG, PNG, WebP or AVIF picture',
  },
  image_damaged: {
    vi: 'Ảnh bị hỏng hoặc không đầy đủ, vui lòng chọn ảnh khác',
    en: 'The picture is damaged or incomplete, please choose another',
  },
  image_too_many_pixels: {
    vi: 'Ảnh có quá nhiều điểm ảnh: tối đa {max} triệu',
    en: 'The picture has too many pixels: at most {max} million',
  },
  image_hidden_content: {
    vi: 'Tệp ảnh chứa nội dung khác ngoài hình ảnh, vui lòng chọn ảnh khác',
    en: 'The file holds something besides the picture, please choose another',
  },
  image_id_taken: {
    vi: 'Mã ảnh này đã được dùng cho một ảnh khác',
    en: 'This picture id is already used by another picture',
  },
  image_url_invalid: {
    vi: 'Địa chỉ ảnh không phải ảnh đã tải lên',
    en: 'The picture address is not an uploaded picture',
  },
  image_not_uploaded: {
    vi: 'Ảnh chưa được tải lên máy chủ',
    en: 'The picture has not reached the server',
  },
} as const satisfies Record<string, { vi: string; en: string }>;
