// Small fixed lists the spec's GET /members/careers, childCareers and interest return.
export const careers: string[] = [
  'Nông nghiệp',
  'Thực phẩm & đồ uống',
  'Du lịch & khách sạn',
  'Công nghệ thông tin',
  'Xây dựng & kiến trúc',
  'Giáo dục',
  'Y tế',
  'Tài chính & ngân hàng',
  'Bán lẻ',
  'Vận tải & logistics',
];

export const childCareers: Record<string, string[]> = {
  'Nông nghiệp': ['Cà phê', 'Chè', 'Rau hoa', 'Cây ăn trái'],
  'Thực phẩm & đồ uống': ['Cà phê rang xay', 'Nhà hàng', 'Quán cà phê', 'Đồ uống đóng chai'],
  'Du lịch & khách sạn': ['Khách sạn', 'Homestay', 'Lữ hành'],
  'Công nghệ thông tin': ['Phần mềm', 'Thương mại điện tử', 'Dịch vụ số'],
  'Xây dựng & kiến trúc': ['Thiết kế', 'Thi công', 'Vật liệu'],
  'Giáo dục': ['Đào tạo nghề', 'Ngoại ngữ', 'Kỹ năng'],
  'Y tế': ['Phòng khám', 'Dược phẩm'],
  'Tài chính & ngân hàng': ['Bảo hiểm', 'Kế toán', 'Tư vấn đầu tư'],
  'Bán lẻ': ['Siêu thị', 'Cửa hàng tiện lợi'],
  'Vận tải & logistics': ['Vận tải hàng hoá', 'Kho bãi'],
};

export const interests: string[] = [
  'Cà phê đặc sản',
  'Du lịch',
  'Chạy bộ',
  'Sách kinh doanh',
  'Âm nhạc',
  'Nhiếp ảnh',
  'Ẩm thực',
  'Khởi nghiệp',
  'Công nghệ',
  'Thiện nguyện',
];
