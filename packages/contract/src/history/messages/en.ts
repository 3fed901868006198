/** History, curves and candlesticks: the registers and the time range asked for. */
export default {
  'validation.registers.list': 'Registers must be a comma-separated list of at most 20 register numbers',
  'validation.range.order': 'The end of the time range must be after its start',
  'validation.range.tooLong': 'A time range may cover at most 366 days',
  'validation.range.tooManyCandles': 'Too many candles: choose a shorter range or a longer period',
};
