// Request bodies shared by the benchmarks: the 50-line factura built from the fixtures' products (bench/core.ts
// in one process, bench/run.ts through the API).

/** 50 lines from the given products, varied quantities, totals left to the server. */
export function fiftyLineFactura(base: Record<string, any>, products: Record<string, any>[]): Record<string, any> {
  const body = { ...base };
  body.items = Array.from({ length: 50 }, (_, i) => {
    const p = products[i % products.length];
    return {
      codigo_interno: `${p.codigo_interno}-${i + 1}`,
      descripcion: `${p.descripcion} — lote ${i + 1}`,
      unidad_de_medida: p.unidad_de_medida,
      cantidad: 1 + (i % 7),
      valor_unitario: p.valor_unitario,
      codigo_tipo_afectacion_igv: '10',
      ...(p.codigo_producto_sunat ? { codigo_producto_sunat: p.codigo_producto_sunat } : {}),
    };
  });
  delete body.totales;
  return body;
}
