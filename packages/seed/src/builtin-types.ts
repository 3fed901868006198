/**
 * The built-in controller types: the register maps the product ships with for the controllers it reads over Modbus
 * behind the 4G cloud boxes. Each register is one 16-bit holding register unless it says it takes two words (a
 * 32-bit counter) or is signed; `decimals` is the raw integer scale (raw 85 with decimals 2 reads 0.85), `min`/`max`
 * of writable registers are in engineering units.
 *
 * Address styles: the compressor and the maglev blower use 4xxxx holding-register numbers (40001 = first register),
 * the generic PLC uses 0-based word addresses (%MW0 = 0).
 */
import {
  defaultPage,
  type ControllerTypeDef,
  type LocalizedText,
  type RegisterBit,
  type RegisterDef,
  type Severity,
  type TypePageConfig,
} from '@dms/contract';
import { lockRegisters } from './lock-registers.js';

const t = (en: string, zh: string, es: string, ja: string): LocalizedText => ({ en, zh, es, ja });

/** Read-only scaled number. */
const num = (number: number, key: string, name: LocalizedText, unit: string, decimals = 0): RegisterDef => ({
  number,
  key,
  name,
  format: 'number',
  unit,
  decimals,
  writable: false,
});

/** Writable scaled number (a setpoint or a parameter) with its allowed range in engineering units. */
const param = (
  number: number,
  key: string,
  name: LocalizedText,
  unit: string,
  decimals: number,
  min: number,
  max: number,
): RegisterDef => ({ number, key, name, format: 'number', unit, decimals, writable: true, min, max });

/** A duration or time counter; writable when a range is given. */
const time = (number: number, key: string, name: LocalizedText, unit: 'h' | 's', range?: { min: number; max: number }): RegisterDef => ({
  number,
  key,
  name,
  format: 'time',
  unit,
  decimals: 0,
  writable: range !== undefined,
  ...(range ?? {}),
});

/** Named states; the option at index i is raw value i. */
const choice = (number: number, key: string, name: LocalizedText, writable: boolean, options: LocalizedText[]): RegisterDef => ({
  number,
  key,
  name,
  format: 'enum',
  unit: '',
  decimals: 0,
  writable,
  options: Object.fromEntries(options.map((o, i) => [String(i), o])),
});

/** A read-only bit field. */
const flags = (number: number, key: string, name: LocalizedText, bits: RegisterBit[]): RegisterDef => ({
  number,
  key,
  name,
  format: 'bits',
  unit: '',
  decimals: 0,
  writable: false,
  bits,
});

/** Bits 0.. of one severity, in order. */
const bitsOf = (severity: Severity, names: LocalizedText[]): RegisterBit[] => names.map((name, bit) => ({ bit, severity, name }));

// Options shared by several maps.
const NO_ACTION = t('No action', '无操作', 'Sin acción', '操作なし');
const LOCAL = t('Local', '本地', 'Local', 'ローカル');
const REMOTE = t('Remote', '远程', 'Remoto', 'リモート');
const DISABLED = t('Disabled', '禁止', 'Desactivado', '無効');
const ENABLED = t('Enabled', '允许', 'Activado', '有効');
const START = t('Start', '启动', 'Arrancar', '起動');
const STOP = t('Stop', '停机', 'Parar', '停止');
const FAULT_RESET = t('Fault reset', '故障复位', 'Rearme de fallos', '故障リセット');

// ---------------------------------------------------------------------------------------------------------------
// 1. Oil-injected screw air compressor
// ---------------------------------------------------------------------------------------------------------------

const SCREW_COMPRESSOR: ControllerTypeDef = {
  code: 'screw-compressor',
  kind: 'compressor',
  name: t('Oil-injected screw air compressor', '喷油螺杆空压机', 'Compresor de tornillo lubricado', '給油式スクリュー空気圧縮機'),
  registers: [
    // Live values
    choice(40001, 'run_state', t('Run state', '运行状态', 'Estado de funcionamiento', '運転状態'), false, [
      t('Stopped', '停机', 'Parado', '停止'),
      t('Starting', '启动中', 'Arrancando', '起動中'),
      t('Loaded', '加载运行', 'En carga', '負荷運転'),
      t('Unloaded', '卸载运行', 'En vacío', '無負荷運転'),
      t('Idle (standby)', '空载待机', 'En espera', '待機'),
      t('Fault stop', '故障停机', 'Parada por fallo', '故障停止'),
      t('Emergency stop', '紧急停机', 'Parada de emergencia', '非常停止'),
      t('Remote stop', '远程停机', 'Parada remota', 'リモート停止'),
      t('Stopping', '停机中', 'Deteniéndose', '停止処理中'),
      t('Waiting to restart', '重启等待', 'Esperando rearranque', '再起動待ち'),
    ]),
    num(40002, 'discharge_pressure', t('Discharge pressure', '排气压力', 'Presión de salida', '吐出圧力'), 'MPa', 2),
    num(40003, 'discharge_temperature', t('Discharge temperature', '排气温度', 'Temperatura de descarga', '吐出温度'), '°C', 1),
    num(40004, 'oil_temperature', t('Oil temperature', '油温', 'Temperatura del aceite', '油温度'), '°C', 1),
    num(40005, 'ambient_temperature', t('Ambient temperature', '环境温度', 'Temperatura ambiente', '周囲温度'), '°C', 1),
    num(
      40006,
      'separator_pressure_drop',
      t('Separator pressure drop', '油分压差', 'Caída de presión del separador', 'セパレータ差圧'),
      'MPa',
      2,
    ),
    num(40007, 'motor_current_l1', t('Motor current L1', '主电机电流 A 相', 'Corriente del motor L1', 'モータ電流 L1'), 'A', 1),
    num(40008, 'motor_current_l2', t('Motor current L2', '主电机电流 B 相', 'Corriente del motor L2', 'モータ電流 L2'), 'A', 1),
    num(40009, 'motor_current_l3', t('Motor current L3', '主电机电流 C 相', 'Corriente del motor L3', 'モータ電流 L3'), 'A', 1),
    num(40010, 'fan_current', t('Fan current', '风机电流', 'Corriente del ventilador', 'ファン電流'), 'A', 1),
    num(40011, 'supply_voltage', t('Supply voltage', '电源电压', 'Tensión de alimentación', '電源電圧'), 'V', 0),
    num(40012, 'power', t('Input power', '输入功率', 'Potencia de entrada', '入力電力'), 'kW', 1),
    num(40013, 'energy', t('Energy consumption', '累计耗电量', 'Energía consumida', '積算電力量'), 'kWh', 0),
    num(40014, 'frequency', t('Motor frequency (VSD)', '变频器输出频率', 'Frecuencia del variador', 'インバータ出力周波数'), 'Hz', 1),
    num(40015, 'motor_speed', t('Motor speed', '电机转速', 'Velocidad del motor', 'モータ回転数'), 'rpm', 0),
    time(40016, 'run_hours', t('Total run hours', '累计运行时间', 'Horas de funcionamiento', '累積運転時間'), 'h'),
    time(40017, 'load_hours', t('Load hours', '累计加载时间', 'Horas en carga', '累積負荷運転時間'), 'h'),
    num(40018, 'start_count', t('Start count', '启动次数', 'Número de arranques', '起動回数'), ''),
    // Maintenance counters: hours left until the next service; write the interval back after servicing
    time(
      40019,
      'oil_filter_hours_left',
      t('Oil filter hours remaining', '油滤剩余时间', 'Horas restantes del filtro de aceite', 'オイルフィルタ残り時間'),
      'h',
      { min: 0, max: 9999 },
    ),
    time(
      40020,
      'air_filter_hours_left',
      t('Air filter hours remaining', '空滤剩余时间', 'Horas restantes del filtro de aire', 'エアフィルタ残り時間'),
      'h',
      { min: 0, max: 9999 },
    ),
    time(
      40021,
      'separator_hours_left',
      t('Separator hours remaining', '油分剩余时间', 'Horas restantes del separador', 'セパレータ残り時間'),
      'h',
      { min: 0, max: 9999 },
    ),
    time(
      40022,
      'oil_hours_left',
      t('Oil change hours remaining', '润滑油剩余时间', 'Horas restantes para cambio de aceite', 'オイル交換残り時間'),
      'h',
      { min: 0, max: 9999 },
    ),
    time(
      40023,
      'grease_hours_left',
      t('Grease hours remaining', '润滑脂剩余时间', 'Horas restantes para engrase', 'グリス補給残り時間'),
      'h',
      { min: 0, max: 9999 },
    ),
    choice(
      40024,
      'maintenance_reset',
      t('Maintenance counter reset', '保养计时复位', 'Reinicio de contadores de mantenimiento', 'メンテナンスタイマリセット'),
      true,
      [
        NO_ACTION,
        t('Reset oil filter', '复位油滤', 'Reiniciar filtro de aceite', 'オイルフィルタリセット'),
        t('Reset air filter', '复位空滤', 'Reiniciar filtro de aire', 'エアフィルタリセット'),
        t('Reset separator', '复位油分', 'Reiniciar separador', 'セパレータリセット'),
        t('Reset oil', '复位润滑油', 'Reiniciar aceite', 'オイルリセット'),
        t('Reset grease', '复位润滑脂', 'Reiniciar engrase', 'グリスリセット'),
        t('Reset all', '全部复位', 'Reiniciar todo', '全てリセット'),
      ],
    ),
    num(
      40025,
      'motor_winding_temperature',
      t('Motor winding temperature', '电机绕组温度', 'Temperatura del devanado del motor', 'モータ巻線温度'),
      '°C',
      1,
    ),
    num(40026, 'pressure_dew_point', t('Pressure dew point', '压力露点', 'Punto de rocío a presión', '圧力露点'), '°C', 1),
    num(40027, 'load_ratio', t('Load ratio', '加载率', 'Porcentaje de carga', '負荷率'), '%', 1),
    num(40028, 'free_air_delivery', t('Free air delivery', '排气量', 'Caudal de aire libre', '吐出空気量'), 'm³/min', 2),
    num(40029, 'last_fault_code', t('Last fault code', '最近故障代码', 'Último código de fallo', '最終故障コード'), ''),
    // Commands and settings
    param(40030, 'load_pressure', t('Load pressure', '加载压力', 'Presión de carga', 'ロード圧力'), 'MPa', 2, 0.3, 1.3),
    param(40031, 'unload_pressure', t('Unload pressure', '卸载压力', 'Presión de descarga', 'アンロード圧力'), 'MPa', 2, 0.4, 1.4),
    param(
      40032,
      'target_pressure',
      t('Target pressure (VSD)', '变频目标压力', 'Presión objetivo (variador)', '目標圧力（インバータ）'),
      'MPa',
      2,
      0.4,
      1.3,
    ),
    param(40033, 'low_pressure_alarm', t('Low pressure alarm', '低压报警值', 'Alarma de presión baja', '低圧警報値'), 'MPa', 2, 0, 1.0),
    param(40034, 'high_pressure_alarm', t('High pressure alarm', '高压报警值', 'Alarma de presión alta', '高圧警報値'), 'MPa', 2, 0.5, 1.6),
    param(
      40035,
      'discharge_temperature_warning',
      t('Discharge temperature warning', '排温预警值', 'Aviso de temperatura de descarga', '吐出温度警告値'),
      '°C',
      1,
      80,
      110,
    ),
    param(
      40036,
      'discharge_temperature_trip',
      t('Discharge temperature trip', '排温停机值', 'Disparo por temperatura de descarga', '吐出温度停止値'),
      '°C',
      1,
      90,
      120,
    ),
    time(40037, 'restart_delay', t('Restart delay', '重启延时', 'Retardo de rearranque', '再起動遅延時間'), 's', { min: 0, max: 600 }),
    time(
      40038,
      'unloaded_stop_delay',
      t('Unloaded run time before stop', '空载停机延时', 'Tiempo en vacío antes de parar', '無負荷停止遅延時間'),
      's',
      { min: 60, max: 1800 },
    ),
    time(
      40039,
      'star_delta_time',
      t('Star-delta switchover time', '星三角转换时间', 'Tiempo estrella-triángulo', 'スターデルタ切替時間'),
      's',
      { min: 3, max: 20 },
    ),
    choice(40040, 'start_stop_command', t('Start/stop command', '启停命令', 'Orden de marcha/paro', '運転/停止指令'), true, [
      NO_ACTION,
      START,
      STOP,
      FAULT_RESET,
    ]),
    choice(40041, 'control_mode', t('Control mode', '控制方式', 'Modo de control', '制御モード'), true, [
      LOCAL,
      REMOTE,
      t('Scheduled', '定时', 'Programado', 'タイマ運転'),
    ]),
    param(
      40042,
      'motor_rated_current',
      t('Motor rated current', '电机额定电流', 'Corriente nominal del motor', 'モータ定格電流'),
      'A',
      1,
      10,
      600,
    ),
    param(
      40043,
      'fan_start_temperature',
      t('Fan start temperature', '风机启动温度', 'Temperatura de arranque del ventilador', 'ファン起動温度'),
      '°C',
      1,
      60,
      95,
    ),
    param(
      40044,
      'fan_stop_temperature',
      t('Fan stop temperature', '风机停止温度', 'Temperatura de parada del ventilador', 'ファン停止温度'),
      '°C',
      1,
      50,
      90,
    ),
    time(40045, 'drain_interval', t('Drain interval', '排污间隔', 'Intervalo de purga', 'ドレン排出間隔'), 's', { min: 60, max: 3600 }),
    time(40046, 'drain_open_time', t('Drain open time', '排污时间', 'Tiempo de purga', 'ドレン排出時間'), 's', { min: 1, max: 30 }),
    choice(
      40047,
      'auto_restart',
      t('Auto restart after power loss', '来电自启动', 'Rearranque tras corte de red', '停電復帰自動再起動'),
      true,
      [DISABLED, ENABLED],
    ),
    num(
      40048,
      'software_version',
      t('Controller software version', '控制器软件版本', 'Versión de software del controlador', 'コントローラソフトウェアバージョン'),
      '',
      2,
    ),
    // Bit fields
    flags(
      40050,
      'fault_bits',
      t('Faults', '故障信息', 'Fallos', '故障'),
      bitsOf('fault', [
        t('Main motor overload', '主机过载', 'Sobrecarga del motor principal', '主モータ過負荷'),
        t('Fan motor overload', '风机过载', 'Sobrecarga del ventilador', 'ファンモータ過負荷'),
        t('High discharge temperature', '排气温度过高', 'Temperatura de descarga alta', '吐出温度異常高'),
        t('High discharge pressure', '排气压力过高', 'Presión de salida alta', '吐出圧力異常高'),
        t('Phase loss', '缺相', 'Falta de fase', '欠相'),
        t('Phase reversal', '相序错误', 'Inversión de fases', '逆相'),
        t('Emergency stop pressed', '急停按钮按下', 'Pulsador de emergencia activado', '非常停止ボタン押下'),
        t('Pressure sensor failure', '压力传感器故障', 'Fallo del sensor de presión', '圧力センサ異常'),
        t('Temperature sensor failure', '温度传感器故障', 'Fallo del sensor de temperatura', '温度センサ異常'),
        t('Overvoltage', '电压过高', 'Sobretensión', '過電圧'),
        t('Undervoltage', '电压过低', 'Subtensión', '不足電圧'),
        t('Inverter fault', '变频器故障', 'Fallo del variador', 'インバータ異常'),
        t('Current imbalance', '电流不平衡', 'Desequilibrio de corriente', '電流不平衡'),
        t('Separator blocked', '油分堵塞', 'Separador obstruido', 'セパレータ目詰まり'),
        t('Communication failure', '通讯故障', 'Fallo de comunicación', '通信異常'),
        t('Motor over-temperature', '电机过热', 'Sobretemperatura del motor', 'モータ過熱'),
      ]),
    ),
    flags(
      40051,
      'alert_bits',
      t('Warnings', '预警信息', 'Avisos', '警告'),
      bitsOf('alert', [
        t('Air filter due', '空滤到期', 'Cambio de filtro de aire pendiente', 'エアフィルタ交換時期'),
        t('Oil filter due', '油滤到期', 'Cambio de filtro de aceite pendiente', 'オイルフィルタ交換時期'),
        t('Separator due', '油分到期', 'Cambio de separador pendiente', 'セパレータ交換時期'),
        t('Oil change due', '润滑油到期', 'Cambio de aceite pendiente', 'オイル交換時期'),
        t('Greasing due', '润滑脂到期', 'Engrase pendiente', 'グリス補給時期'),
        t('High discharge temperature warning', '排气温度预警', 'Aviso de temperatura de descarga alta', '吐出温度高警告'),
        t('Low discharge pressure', '排气压力低', 'Presión de salida baja', '吐出圧力低下'),
        t('Air filter clogged', '空滤堵塞', 'Filtro de aire obstruido', 'エアフィルタ目詰まり'),
        t('Oil filter clogged', '油滤堵塞', 'Filtro de aceite obstruido', 'オイルフィルタ目詰まり'),
        t('Low ambient temperature', '环境温度过低', 'Temperatura ambiente baja', '周囲温度低'),
        t('High ambient temperature', '环境温度过高', 'Temperatura ambiente alta', '周囲温度高'),
        t('Frequent starts', '启动过于频繁', 'Arranques demasiado frecuentes', '起動頻度過多'),
      ]),
    ),
    flags(
      40052,
      'status_bits',
      t('Status', '状态信息', 'Estado', 'ステータス'),
      bitsOf('info', [
        t('Main contactor closed', '主接触器吸合', 'Contactor principal cerrado', '主コンタクタ投入'),
        t('Star contactor closed', '星形接触器吸合', 'Contactor estrella cerrado', 'スターコンタクタ投入'),
        t('Delta contactor closed', '三角形接触器吸合', 'Contactor triángulo cerrado', 'デルタコンタクタ投入'),
        t('Fan running', '风机运行', 'Ventilador en marcha', 'ファン運転中'),
        t('Load solenoid valve energised', '加载电磁阀得电', 'Electroválvula de carga activada', 'ロード電磁弁励磁'),
        t('Remote mode', '远程模式', 'Modo remoto', 'リモートモード'),
        t('Drain valve open', '排污阀打开', 'Válvula de purga abierta', 'ドレン弁開'),
        t('Auto restart enabled', '来电自启动已开启', 'Rearranque automático activado', '自動再起動有効'),
        t('Oil heater on', '油加热器开启', 'Calentador de aceite encendido', 'オイルヒータ運転中'),
      ]),
    ),
    // 32-bit counters (two words, high word first): they run on past 65,535
    {
      ...num(40053, 'energy_total', t('Total energy', '总耗电量', 'Energía total', '総電力量'), 'kWh', 0),
      words: 2,
    },
  ],
};

// ---------------------------------------------------------------------------------------------------------------
// 2. Magnetic-levitation turbo blower
// ---------------------------------------------------------------------------------------------------------------

const MAGLEV_BLOWER: ControllerTypeDef = {
  code: 'maglev-blower',
  kind: 'maglev',
  name: t('Magnetic-levitation turbo blower', '磁悬浮鼓风机', 'Soplante turbo de levitación magnética', '磁気浮上ターボブロワ'),
  registers: [
    // State and commands
    choice(40001, 'run_state', t('Run state', '运行状态', 'Estado de funcionamiento', '運転状態'), false, [
      t('Stopped', '停机', 'Parado', '停止'),
      t('Levitating', '起浮中', 'Levitando', '浮上中'),
      t('Accelerating', '加速中', 'Acelerando', '加速中'),
      t('Running', '运行', 'En marcha', '運転中'),
      t('Decelerating', '减速中', 'Decelerando', '減速中'),
      t('Standby', '待机', 'En espera', '待機'),
      t('Fault stop', '故障停机', 'Parada por fallo', '故障停止'),
      t('Emergency stop', '紧急停机', 'Parada de emergencia', '非常停止'),
      t('Surge protection', '防喘振保护', 'Protección antibombeo', 'サージ保護動作'),
    ]),
    choice(40002, 'start_stop_command', t('Start/stop command', '启停命令', 'Orden de marcha/paro', '運転/停止指令'), true, [
      NO_ACTION,
      START,
      STOP,
      FAULT_RESET,
    ]),
    choice(40003, 'control_mode', t('Control mode', '控制模式', 'Modo de control', '制御モード'), true, [
      t('Constant pressure', '恒压力', 'Presión constante', '定圧制御'),
      t('Constant flow', '恒流量', 'Caudal constante', '定風量制御'),
      t('Constant speed', '恒转速', 'Velocidad constante', '定速制御'),
      t('Constant DO', '恒溶解氧', 'Oxígeno disuelto constante', 'DO一定制御'),
      t('Constant power', '恒功率', 'Potencia constante', '定電力制御'),
    ]),
    choice(40004, 'local_remote', t('Local/remote', '本地/远程', 'Local/remoto', 'ローカル/リモート'), true, [LOCAL, REMOTE]),
    // Live values
    num(40005, 'speed', t('Speed', '转速', 'Velocidad', '回転数'), 'rpm', 0),
    param(40006, 'speed_setpoint', t('Speed setpoint', '转速设定值', 'Consigna de velocidad', '回転数設定値'), 'rpm', 0, 10000, 36000),
    num(40007, 'power', t('Power', '功率', 'Potencia', '消費電力'), 'kW', 1),
    num(40008, 'flow', t('Flow', '流量', 'Caudal', '風量'), 'm³/min', 1),
    num(40009, 'outlet_pressure', t('Outlet pressure', '出口压力', 'Presión de salida', '吐出圧力'), 'kPa', 1),
    num(40010, 'inlet_pressure', t('Inlet pressure', '进口压力', 'Presión de entrada', '吸込圧力'), 'kPa', 2),
    num(40011, 'pressure_ratio', t('Pressure ratio', '压比', 'Relación de presión', '圧力比'), '', 2),
    num(40012, 'inlet_air_temperature', t('Inlet air temperature', '进气温度', 'Temperatura del aire de entrada', '吸込空気温度'), '°C', 1),
    num(
      40013,
      'outlet_air_temperature',
      t('Outlet air temperature', '排气温度', 'Temperatura del aire de salida', '吐出空気温度'),
      '°C',
      1,
    ),
    num(
      40014,
      'winding_temperature',
      t('Motor winding temperature', '电机绕组温度', 'Temperatura del devanado del motor', 'モータ巻線温度'),
      '°C',
      1,
    ),
    num(
      40015,
      'front_bearing_temperature',
      t('Front radial bearing temperature', '前径向轴承温度', 'Temperatura del cojinete radial delantero', 'フロントラジアル軸受温度'),
      '°C',
      1,
    ),
    num(
      40016,
      'rear_bearing_temperature',
      t('Rear radial bearing temperature', '后径向轴承温度', 'Temperatura del cojinete radial trasero', 'リアラジアル軸受温度'),
      '°C',
      1,
    ),
    num(
      40017,
      'thrust_bearing_temperature',
      t('Axial bearing temperature', '轴向轴承温度', 'Temperatura del cojinete axial', 'スラスト軸受温度'),
      '°C',
      1,
    ),
    // Signed: the rotor's axial position either side of its centre
    {
      ...num(40018, 'axial_displacement', t('Axial displacement', '轴向位移', 'Desplazamiento axial', '軸方向変位'), 'µm', 1),
      signed: true,
    },
    num(
      40019,
      'front_radial_x',
      t('Front radial displacement X', '前径向位移 X', 'Desplazamiento radial delantero X', 'フロントラジアル変位 X'),
      'µm',
      1,
    ),
    num(
      40020,
      'front_radial_y',
      t('Front radial displacement Y', '前径向位移 Y', 'Desplazamiento radial delantero Y', 'フロントラジアル変位 Y'),
      'µm',
      1,
    ),
    num(
      40021,
      'rear_radial_x',
      t('Rear radial displacement X', '后径向位移 X', 'Desplazamiento radial trasero X', 'リアラジアル変位 X'),
      'µm',
      1,
    ),
    num(
      40022,
      'rear_radial_y',
      t('Rear radial displacement Y', '后径向位移 Y', 'Desplazamiento radial trasero Y', 'リアラジアル変位 Y'),
      'µm',
      1,
    ),
    num(40023, 'dc_bus_voltage', t('DC bus voltage', '直流母线电压', 'Tensión del bus de CC', 'DCバス電圧'), 'V', 0),
    num(40024, 'inverter_temperature', t('Inverter temperature', '变频器温度', 'Temperatura del variador', 'インバータ温度'), '°C', 1),
    num(40025, 'output_current', t('Output current', '输出电流', 'Corriente de salida', '出力電流'), 'A', 1),
    num(40026, 'output_frequency', t('Output frequency', '输出频率', 'Frecuencia de salida', '出力周波数'), 'Hz', 1),
    num(40027, 'surge_margin', t('Surge margin', '喘振裕度', 'Margen de bombeo', 'サージマージン'), '%', 1),
    num(
      40028,
      'blow_off_valve_opening',
      t('Blow-off valve opening', '放空阀开度', 'Apertura de la válvula de venteo', 'ブローオフ弁開度'),
      '%',
      1,
    ),
    num(40029, 'cabinet_temperature', t('Cabinet temperature', '柜内温度', 'Temperatura del armario', '盤内温度'), '°C', 1),
    num(40030, 'dissolved_oxygen', t('Dissolved oxygen', '溶解氧', 'Oxígeno disuelto', '溶存酸素'), 'mg/L', 2),
    time(40031, 'run_hours', t('Total run hours', '累计运行时间', 'Horas de funcionamiento', '累積運転時間'), 'h'),
    num(40032, 'energy', t('Energy consumption', '累计耗电量', 'Energía consumida', '積算電力量'), 'kWh', 0),
    num(40033, 'start_count', t('Start count', '启动次数', 'Número de arranques', '起動回数'), ''),
    num(40034, 'input_voltage', t('Input voltage', '输入电压', 'Tensión de entrada', '入力電圧'), 'V', 0),
    num(
      40035,
      'filter_differential_pressure',
      t('Inlet filter differential pressure', '进风过滤器压差', 'Presión diferencial del filtro de entrada', '吸込フィルタ差圧'),
      'kPa',
      2,
    ),
    // A 32-bit counter (two words, high word first): it runs on past 65,535
    { ...num(40036, 'energy_total', t('Total energy', '总耗电量', 'Energía total', '総電力量'), 'kWh', 0), words: 2 },
    // Setpoints and parameters
    param(40040, 'pressure_setpoint', t('Pressure setpoint', '压力设定值', 'Consigna de presión', '圧力設定値'), 'kPa', 1, 30, 120),
    param(40041, 'flow_setpoint', t('Flow setpoint', '流量设定值', 'Consigna de caudal', '風量設定値'), 'm³/min', 1, 20, 300),
    param(
      40042,
      'do_setpoint',
      t('Dissolved oxygen setpoint', '溶解氧设定值', 'Consigna de oxígeno disuelto', '溶存酸素設定値'),
      'mg/L',
      2,
      0.5,
      5,
    ),
    param(40043, 'power_setpoint', t('Power setpoint', '功率设定值', 'Consigna de potencia', '電力設定値'), 'kW', 1, 20, 300),
    param(40044, 'min_speed', t('Minimum speed', '最低转速', 'Velocidad mínima', '最低回転数'), 'rpm', 0, 8000, 30000),
    param(40045, 'max_speed', t('Maximum speed', '最高转速', 'Velocidad máxima', '最高回転数'), 'rpm', 0, 10000, 40000),
    time(40046, 'acceleration_time', t('Acceleration time', '加速时间', 'Tiempo de aceleración', '加速時間'), 's', { min: 10, max: 300 }),
    time(40047, 'deceleration_time', t('Deceleration time', '减速时间', 'Tiempo de deceleración', '減速時間'), 's', { min: 10, max: 300 }),
    param(
      40048,
      'min_surge_margin',
      t('Minimum surge margin', '防喘振裕度设定', 'Margen de bombeo mínimo', 'サージマージン設定値'),
      '%',
      1,
      5,
      30,
    ),
    param(
      40049,
      'outlet_temperature_alarm',
      t('Outlet temperature alarm', '排气温度报警值', 'Alarma de temperatura de salida', '吐出温度警報値'),
      '°C',
      1,
      80,
      150,
    ),
    param(
      40050,
      'winding_temperature_alarm',
      t('Winding temperature alarm', '绕组温度报警值', 'Alarma de temperatura del devanado', '巻線温度警報値'),
      '°C',
      1,
      100,
      160,
    ),
    time(40051, 'restart_delay', t('Restart delay', '重启延时', 'Retardo de rearranque', '再起動遅延時間'), 's', { min: 0, max: 600 }),
    // Bit fields
    flags(
      40060,
      'fault_bits',
      t('Faults', '故障信息', 'Fallos', '故障'),
      bitsOf('fault', [
        t('Bearing levitation failure', '轴承悬浮失败', 'Fallo de levitación de los cojinetes', '軸受浮上失敗'),
        t('Overspeed', '超速', 'Sobrevelocidad', '過速度'),
        t('Surge', '喘振', 'Bombeo', 'サージング'),
        t('Inverter overcurrent', '变频器过流', 'Sobrecorriente del variador', 'インバータ過電流'),
        t('Motor over-temperature', '电机过温', 'Sobretemperatura del motor', 'モータ過熱'),
        t('Inverter over-temperature', '变频器过温', 'Sobretemperatura del variador', 'インバータ過熱'),
        t('DC bus overvoltage', '直流母线过压', 'Sobretensión del bus de CC', 'DCバス過電圧'),
        t('DC bus undervoltage', '直流母线欠压', 'Subtensión del bus de CC', 'DCバス不足電圧'),
        t('Emergency stop', '急停', 'Parada de emergencia', '非常停止'),
        t('Bearing displacement out of range', '轴承位移超限', 'Desplazamiento de cojinete fuera de rango', '軸受変位過大'),
        t(
          'Magnetic bearing controller fault',
          '磁轴承控制器故障',
          'Fallo del controlador de cojinetes magnéticos',
          '磁気軸受コントローラ異常',
        ),
        t('Input phase loss', '输入缺相', 'Falta de fase en la entrada', '入力欠相'),
        t('High outlet temperature', '排气温度过高', 'Temperatura de salida alta', '吐出温度異常高'),
        t('Pressure sensor failure', '压力传感器故障', 'Fallo del sensor de presión', '圧力センサ異常'),
        t('Communication failure', '通讯故障', 'Fallo de comunicación', '通信異常'),
        t('Ground fault', '接地故障', 'Fallo a tierra', '地絡'),
      ]),
    ),
    flags(
      40061,
      'alert_bits',
      t('Warnings', '预警信息', 'Avisos', '警告'),
      bitsOf('alert', [
        t('Near surge', '接近喘振', 'Próximo al bombeo', 'サージ接近'),
        t('High winding temperature', '绕组温度高', 'Temperatura del devanado alta', '巻線温度高'),
        t('High filter differential pressure', '过滤器压差高', 'Presión diferencial del filtro alta', 'フィルタ差圧高'),
        t('Cooling fan fault', '冷却风扇故障', 'Fallo del ventilador de refrigeración', '冷却ファン異常'),
        t('High inverter temperature', '变频器温度高', 'Temperatura del variador alta', 'インバータ温度高'),
        t('High bearing temperature', '轴承温度高', 'Temperatura de cojinete alta', '軸受温度高'),
        t('High cabinet temperature', '柜内温度高', 'Temperatura del armario alta', '盤内温度高'),
        t('Power limit active', '功率限幅', 'Límite de potencia activo', '電力制限動作中'),
        t('Speed limit active', '转速限幅', 'Límite de velocidad activo', '回転数制限動作中'),
        t('Setpoint not reachable', '设定值无法达到', 'Consigna no alcanzable', '設定値未達'),
        t('DO sensor fault', '溶解氧传感器异常', 'Fallo del sensor de oxígeno disuelto', 'DOセンサ異常'),
        t('Maintenance due', '保养到期', 'Mantenimiento pendiente', '定期点検時期'),
      ]),
    ),
    flags(
      40062,
      'status_bits',
      t('Status', '状态信息', 'Estado', 'ステータス'),
      bitsOf('info', [
        t('Ready', '就绪', 'Listo', '運転準備完了'),
        t('Rotor levitated', '转子已起浮', 'Rotor levitado', 'ロータ浮上完了'),
        t('Running', '运行中', 'En marcha', '運転中'),
        t('Remote mode', '远程模式', 'Modo remoto', 'リモートモード'),
        t('Blow-off valve open', '放空阀打开', 'Válvula de venteo abierta', 'ブローオフ弁開'),
        t('Cooling fan running', '冷却风扇运行', 'Ventilador de refrigeración en marcha', '冷却ファン運転中'),
        t('Anti-surge control active', '防喘振调节中', 'Control antibombeo activo', 'サージ回避制御中'),
      ]),
    ),
  ],
};

// ---------------------------------------------------------------------------------------------------------------
// 3. Generic PLC (0-based word addresses)
// ---------------------------------------------------------------------------------------------------------------

/** Sixteen channel bits, numbered from `first`: "Digital input 17" and so on. */
const channelBits = (first: number, en: string, zh: string, es: string, ja: string): RegisterBit[] =>
  bitsOf(
    'info',
    Array.from({ length: 16 }, (_, i) => t(`${en} ${first + i}`, `${zh}${first + i}`, `${es} ${first + i}`, `${ja}${first + i}`)),
  );

const DI = ['Digital input', '数字量输入', 'Entrada digital', 'デジタル入力'] as const;
const DO = ['Digital output', '数字量输出', 'Salida digital', 'デジタル出力'] as const;

/** The five registers of one PID loop from `base`: setpoint, process value, output, gain, integral time. */
const pidLoop = (base: number, n: number, what: LocalizedText, unit: string, decimals: number, min: number, max: number): RegisterDef[] => [
  param(
    base,
    `pid${n}_setpoint`,
    t(`PID${n} setpoint (${what.en})`, `PID${n} 设定值（${what.zh}）`, `Consigna PID${n} (${what.es})`, `PID${n} 設定値（${what.ja}）`),
    unit,
    decimals,
    min,
    max,
  ),
  num(
    base + 1,
    `pid${n}_process_value`,
    t(
      `PID${n} process value (${what.en})`,
      `PID${n} 过程值（${what.zh}）`,
      `Valor de proceso PID${n} (${what.es})`,
      `PID${n} 測定値（${what.ja}）`,
    ),
    unit,
    decimals,
  ),
  num(base + 2, `pid${n}_output`, t(`PID${n} output`, `PID${n} 输出`, `Salida PID${n}`, `PID${n} 出力`), '%', 1),
  param(
    base + 3,
    `pid${n}_gain`,
    t(`PID${n} proportional gain`, `PID${n} 比例增益`, `Ganancia proporcional PID${n}`, `PID${n} 比例ゲイン`),
    '',
    2,
    0,
    100,
  ),
  time(
    base + 4,
    `pid${n}_integral_time`,
    t(`PID${n} integral time`, `PID${n} 积分时间`, `Tiempo integral PID${n}`, `PID${n} 積分時間`),
    's',
    { min: 0, max: 3600 },
  ),
];

const GENERIC_PLC: ControllerTypeDef = {
  code: 'generic-plc',
  kind: 'plc',
  name: t('Generic PLC', '通用 PLC', 'PLC genérico', '汎用PLC'),
  registers: [
    // Digital I/O
    flags(
      0,
      'digital_inputs_1',
      t('Digital inputs DI1–DI16', '数字量输入 DI1–DI16', 'Entradas digitales DI1–DI16', 'デジタル入力 DI1～DI16'),
      channelBits(1, ...DI),
    ),
    flags(
      1,
      'digital_inputs_2',
      t('Digital inputs DI17–DI32', '数字量输入 DI17–DI32', 'Entradas digitales DI17–DI32', 'デジタル入力 DI17～DI32'),
      channelBits(17, ...DI),
    ),
    flags(
      2,
      'digital_outputs_1',
      t('Digital outputs DO1–DO16', '数字量输出 DO1–DO16', 'Salidas digitales DO1–DO16', 'デジタル出力 DO1～DO16'),
      channelBits(1, ...DO),
    ),
    flags(
      3,
      'digital_outputs_2',
      t('Digital outputs DO17–DO32', '数字量输出 DO17–DO32', 'Salidas digitales DO17–DO32', 'デジタル出力 DO17～DO32'),
      channelBits(17, ...DO),
    ),
    // Analog inputs (scaled to engineering units in the PLC)
    num(
      10,
      'ai1',
      t(
        'Analog input 1 (supply pressure)',
        '模拟量输入1（供水压力）',
        'Entrada analógica 1 (presión de impulsión)',
        'アナログ入力1（送水圧力）',
      ),
      'bar',
      2,
    ),
    num(
      11,
      'ai2',
      t(
        'Analog input 2 (return pressure)',
        '模拟量输入2（回水压力）',
        'Entrada analógica 2 (presión de retorno)',
        'アナログ入力2（還水圧力）',
      ),
      'bar',
      2,
    ),
    num(
      12,
      'ai3',
      t(
        'Analog input 3 (supply temperature)',
        '模拟量输入3（供水温度）',
        'Entrada analógica 3 (temperatura de impulsión)',
        'アナログ入力3（送水温度）',
      ),
      '°C',
      1,
    ),
    num(
      13,
      'ai4',
      t(
        'Analog input 4 (return temperature)',
        '模拟量输入4（回水温度）',
        'Entrada analógica 4 (temperatura de retorno)',
        'アナログ入力4（還水温度）',
      ),
      '°C',
      1,
    ),
    num(
      14,
      'ai5',
      t(
        'Analog input 5 (tank level)',
        '模拟量输入5（水箱液位）',
        'Entrada analógica 5 (nivel del depósito)',
        'アナログ入力5（タンク液位）',
      ),
      '%',
      1,
    ),
    num(15, 'ai6', t('Analog input 6 (flow)', '模拟量输入6（流量）', 'Entrada analógica 6 (caudal)', 'アナログ入力6（流量）'), 'm³/h', 1),
    num(
      16,
      'ai7',
      t(
        'Analog input 7 (valve position)',
        '模拟量输入7（阀位反馈）',
        'Entrada analógica 7 (posición de válvula)',
        'アナログ入力7（弁開度）',
      ),
      '%',
      1,
    ),
    num(
      17,
      'ai8',
      t(
        'Analog input 8 (motor current)',
        '模拟量输入8（电机电流）',
        'Entrada analógica 8 (corriente del motor)',
        'アナログ入力8（モータ電流）',
      ),
      'A',
      1,
    ),
    // Analog outputs
    param(
      20,
      'ao1',
      t('Analog output 1 (control valve)', '模拟量输出1（调节阀）', 'Salida analógica 1 (válvula de control)', 'アナログ出力1（調節弁）'),
      '%',
      1,
      0,
      100,
    ),
    param(
      21,
      'ao2',
      t('Analog output 2 (bypass valve)', '模拟量输出2（旁通阀）', 'Salida analógica 2 (válvula de bypass)', 'アナログ出力2（バイパス弁）'),
      '%',
      1,
      0,
      100,
    ),
    param(
      22,
      'ao3',
      t(
        'Analog output 3 (VFD speed reference)',
        '模拟量输出3（变频器频率给定）',
        'Salida analógica 3 (referencia de velocidad del variador)',
        'アナログ出力3（インバータ周波数指令）',
      ),
      'Hz',
      1,
      0,
      50,
    ),
    param(
      23,
      'ao4',
      t('Analog output 4 (spare)', '模拟量输出4（备用）', 'Salida analógica 4 (reserva)', 'アナログ出力4（予備）'),
      '%',
      1,
      0,
      100,
    ),
    // PID loops
    ...pidLoop(30, 1, t('pressure', '压力', 'presión', '圧力'), 'bar', 2, 0, 16),
    ...pidLoop(40, 2, t('temperature', '温度', 'temperatura', '温度'), '°C', 1, 0, 120),
    ...pidLoop(50, 3, t('flow', '流量', 'caudal', '流量'), 'm³/h', 1, 0, 500),
    // Counters and timers
    num(60, 'counter1', t('Counter 1', '计数器1', 'Contador 1', 'カウンタ1'), ''),
    num(61, 'counter2', t('Counter 2', '计数器2', 'Contador 2', 'カウンタ2'), ''),
    num(62, 'counter3', t('Counter 3', '计数器3', 'Contador 3', 'カウンタ3'), ''),
    num(63, 'counter4', t('Counter 4', '计数器4', 'Contador 4', 'カウンタ4'), ''),
    time(70, 'timer1_elapsed', t('Timer 1 elapsed', '定时器1当前值', 'Temporizador 1 transcurrido', 'タイマ1現在値'), 's'),
    time(71, 'timer2_elapsed', t('Timer 2 elapsed', '定时器2当前值', 'Temporizador 2 transcurrido', 'タイマ2現在値'), 's'),
    time(72, 'timer3_elapsed', t('Timer 3 elapsed', '定时器3当前值', 'Temporizador 3 transcurrido', 'タイマ3現在値'), 's'),
    time(73, 'timer4_elapsed', t('Timer 4 elapsed', '定时器4当前值', 'Temporizador 4 transcurrido', 'タイマ4現在値'), 's'),
    time(74, 'timer1_preset', t('Timer 1 preset', '定时器1设定值', 'Preselección temporizador 1', 'タイマ1設定値'), 's', {
      min: 0,
      max: 3600,
    }),
    time(75, 'timer2_preset', t('Timer 2 preset', '定时器2设定值', 'Preselección temporizador 2', 'タイマ2設定値'), 's', {
      min: 0,
      max: 3600,
    }),
    time(76, 'timer3_preset', t('Timer 3 preset', '定时器3设定值', 'Preselección temporizador 3', 'タイマ3設定値'), 's', {
      min: 0,
      max: 3600,
    }),
    time(77, 'timer4_preset', t('Timer 4 preset', '定时器4设定值', 'Preselección temporizador 4', 'タイマ4設定値'), 's', {
      min: 0,
      max: 3600,
    }),
    // System
    time(80, 'running_hours', t('Running hours', '累计运行时间', 'Horas de funcionamiento', '累積稼働時間'), 'h'),
    choice(81, 'mode', t('Operating mode', '运行模式', 'Modo de operación', '運転モード'), true, [
      t('Manual', '手动', 'Manual', '手動'),
      t('Automatic', '自动', 'Automático', '自動'),
      t('Maintenance', '维护', 'Mantenimiento', 'メンテナンス'),
    ]),
    num(82, 'heartbeat', t('Heartbeat counter', '心跳计数', 'Contador de vida', 'ハートビートカウンタ'), ''),
    num(83, 'scan_time', t('Scan time', '扫描周期', 'Tiempo de ciclo', 'スキャンタイム'), 'ms', 0),
    choice(84, 'command', t('Command', '控制命令', 'Orden', '運転指令'), true, [
      NO_ACTION,
      START,
      STOP,
      t('Alarm reset', '报警复位', 'Rearme de alarmas', '警報リセット'),
    ]),
    // Bit fields
    flags(
      90,
      'fault_bits',
      t('Faults', '故障信息', 'Fallos', '故障'),
      bitsOf('fault', [
        t('Emergency stop', '急停', 'Parada de emergencia', '非常停止'),
        t('Motor overload', '电机过载', 'Sobrecarga del motor', 'モータ過負荷'),
        t('VFD fault', '变频器故障', 'Fallo del variador', 'インバータ異常'),
        t('Analog input wire break', '模拟量输入断线', 'Rotura de cable en entrada analógica', 'アナログ入力断線'),
        t('Pressure high-high', '压力超高', 'Presión muy alta', '圧力異常高'),
        t('Level low-low', '液位超低', 'Nivel muy bajo', '液位異常低'),
        t('Temperature high-high', '温度超高', 'Temperatura muy alta', '温度異常高'),
        t('I/O module fault', 'I/O 模块故障', 'Fallo del módulo de E/S', 'I/Oモジュール異常'),
        t('Communication lost', '通讯中断', 'Pérdida de comunicación', '通信断'),
        t('Power supply fault', '电源故障', 'Fallo de alimentación', '電源異常'),
        t('Run feedback timeout', '运行反馈超时', 'Sin confirmación de marcha', '運転フィードバックタイムアウト'),
      ]),
    ),
    flags(
      91,
      'alert_bits',
      t('Warnings', '预警信息', 'Avisos', '警告'),
      bitsOf('alert', [
        t('Pressure high', '压力高', 'Presión alta', '圧力高'),
        t('Pressure low', '压力低', 'Presión baja', '圧力低'),
        t('Temperature high', '温度高', 'Temperatura alta', '温度高'),
        t('Level low', '液位低', 'Nivel bajo', '液位低'),
        t('Level high', '液位高', 'Nivel alto', '液位高'),
        t('PID1 deviation too large', 'PID1 偏差过大', 'Desviación excesiva PID1', 'PID1偏差過大'),
        t('Maintenance due', '保养到期', 'Mantenimiento pendiente', '定期点検時期'),
        t('PLC battery low', 'PLC 电池电量低', 'Batería del PLC baja', 'PLCバッテリ電圧低下'),
      ]),
    ),
  ],
};

/**
 * The operating registers of the built-in maps (docs/people.md "Permission templates"): the writable registers a
 * plant's people run the machine with, start/stop and mode commands, pressure, speed, flow, DO and power setpoints, PID
 * setpoints and analogue outputs. Everything else writable is a protection limit or a service setting (alarm and trip
 * limits, rated currents, fan temperatures, minimum and maximum speeds, ramps, surge margin, PID tuning, timers,
 * delays, maintenance counters) and stays with service roles. The Operator template writes these only.
 */
const OPERATING = new Set([
  'start_stop_command',
  'command',
  'control_mode',
  'local_remote',
  'mode',
  'load_pressure',
  'unload_pressure',
  'target_pressure',
  'speed_setpoint',
  'pressure_setpoint',
  'flow_setpoint',
  'do_setpoint',
  'power_setpoint',
  'pid1_setpoint',
  'pid2_setpoint',
  'pid3_setpoint',
  'ao1',
  'ao2',
  'ao3',
  'ao4',
  // A customer types the unlock password their distributor gives them; locking stays with service roles.
  'unlock_password',
]);
/** The start/stop and on/off commands of the built-in maps: the `switch` role. */
const SWITCHES = new Set(['start_stop_command', 'command']);

/** A built-in map with its registers' `operating` flags and `switch` roles. */
const marked = (type: ControllerTypeDef): ControllerTypeDef => ({
  ...type,
  registers: type.registers.map((r) => ({
    ...r,
    ...(r.writable && OPERATING.has(r.key) ? { operating: true } : {}),
    ...(SWITCHES.has(r.key) ? { role: 'switch' as const } : {}),
  })),
});

/** Where each map's lock block (lock-registers.ts) starts: after its last register. */
export const LOCK_BASE: Readonly<Record<BuiltinTypeCode, number>> = {
  'screw-compressor': 40055,
  'maglev-blower': 40063,
  'generic-plc': 92,
};

/** A built-in map with its lock block. */
const lockable = (type: ControllerTypeDef): ControllerTypeDef => ({
  ...type,
  registers: [...type.registers, ...lockRegisters(LOCK_BASE[type.code as BuiltinTypeCode])],
});

export const BUILTIN_TYPES: readonly ControllerTypeDef[] = [SCREW_COMPRESSOR, MAGLEV_BLOWER, GENERIC_PLC].map(lockable).map(marked);

/** The codes of the built-in controller types. */
export type BuiltinTypeCode = 'screw-compressor' | 'maglev-blower' | 'generic-plc';

/**
 * The `default` detail pages the built-in types come with (seeded with them, then data root edits at
 * /device-type/type-config/page): the maglev blower's speed, power, flow and outlet pressure as gauges and key figures,
 * and the registers its charts and operating region read. The others show their default page.
 */
export const BUILTIN_PAGES: Readonly<Partial<Record<BuiltinTypeCode, TypePageConfig>>> = {
  'maglev-blower': maglevPage(BUILTIN_TYPES.find((b) => b.code === 'maglev-blower')?.registers ?? []),
};

function maglevPage(registers: readonly RegisterDef[]): TypePageConfig {
  const n = (key: string) => registers.find((r) => r.key === key)?.number;
  const figures = ['speed', 'power', 'flow', 'outlet_pressure'].flatMap((key) => n(key) ?? []);
  return {
    ...defaultPage(registers),
    gauges: figures,
    keyFigures: figures,
    roles: {
      speed: n('speed'),
      power: n('power'),
      flow: n('flow'),
      pressure: n('outlet_pressure'),
      minSpeed: n('min_speed'),
      maxSpeed: n('max_speed'),
    },
  };
}

/**
 * The number of register `key` in the built-in type `type` (`builtinRegister('screw-compressor', 'fault_bits')` is
 * 40050): tests and tools name registers by key. Throws on a type or key the maps do not have.
 */
export function builtinRegister(type: BuiltinTypeCode, key: string): number {
  const def = BUILTIN_TYPES.find((t) => t.code === type);
  if (!def) throw new Error(`no built-in controller type ${type}`);
  const register = def.registers.find((r) => r.key === key);
  if (!register) throw new Error(`${type} has no register with the key ${key}`);
  return register.number;
}
