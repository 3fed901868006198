import { InputNumber, type InputNumberProps } from 'antd';
import { BOX_ID_MAX } from '@dms/contract';

/** A box number typed in a form: a whole number from 1 to BOX_ID_MAX, no spinner, as wide as its field. */
export function BoxIdInput(props: Omit<InputNumberProps<number>, 'min' | 'max' | 'precision' | 'controls'> & { 'data-testid': string }) {
  return <InputNumber<number> min={1} max={BOX_ID_MAX} precision={0} controls={false} style={{ width: '100%' }} {...props} />;
}
