import { DatePicker, type DatePickerProps } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A date-and-time field: antd's DatePicker with the time, whose own placeholder asks only for a
 * date ("请选择日期").
 */
export function DateTimePicker(props: Omit<DatePickerProps, 'showTime'>) {
  const { t } = useTranslation();
  return <DatePicker showTime placeholder={t('common.pickDateTime')} {...props} />;
}
