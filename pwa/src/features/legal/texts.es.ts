import type { LegalTexts } from './legal-text';

// Not translated (issue #23): the product's regulatory labels stay as printed on the kit.
const LABELS = 'FDA Registered Class II (510K Exempt) Medical Device · OLFACTORY TEST KIT';

/**
 * The legal text set (spec §2) in Spanish: a translation of texts.en.ts, part for part (the same
 * documents, sections and promises; neutral Latin-American Spanish, "usted"). It promises nothing
 * the English does not. The UI's own button names are described rather than quoted, so a change of
 * a label does not make the text wrong.
 *
 * Draft for counsel review, like the English: have it reviewed by counsel (with a qualified
 * Spanish-language legal reviewer) before a public launch. Where the two differ, the English rules.
 */
export const LEGAL_TEXTS_ES: LegalTexts = {
  description: {
    id: 'description',
    summary:
      'Scentry es una breve evaluación del olfato que se juega como un juego con tarjetas de raspar y oler. Le dice ' +
      'si hoy nombró suficientes aromas. No es un diagnóstico.',
    sections: [
      {
        heading: 'Qué es',
        paragraphs: [
          'Un kit de juego Scentry contiene cinco tarjetas de aroma y un código QR. Escanee el código con su teléfono ' +
            'para abrir el juego, o abra Scentry y toque el botón para empezar.',
          'Scentry revisa una sola cosa: si usted puede reconocer olores cotidianos. No busca la causa de un sentido ' +
            'del olfato débil.',
        ],
      },
      {
        heading: 'Cómo funciona',
        paragraphs: ['Toma unos tres minutos.'],
        points: [
          'Raspe la tarjeta que le pide la pantalla y huélala.',
          'Indique qué tan fuerte es el olor, desde "Sin olor" hasta "Muy fuerte".',
          'Elija entre las cinco imágenes lo que cree que es. Debe elegir una, aunque no esté seguro.',
          'Después de la quinta tarjeta verá Aprobado o No aprobado. Aprobado significa que nombró suficientes de ' +
            'los cinco aromas; la organización que le dio el kit decide cuántos son.',
        ],
      },
      {
        heading: 'Qué significa el resultado',
        paragraphs: [
          'Un resultado Aprobado no descarta una enfermedad. Un resultado No aprobado no significa que esté enfermo: ' +
            'un resfriado, las alergias, la nariz tapada o simplemente no conocer un olor pueden bajar el puntaje. ' +
            'Ningún resultado de esta evaluación es un diagnóstico.',
          'Si le preocupa su sentido del olfato, hable con un médico. Consulte Precauciones para saber cuándo no ' +
            'debe esperar.',
        ],
      },
      {
        heading: 'Etiquetas',
        paragraphs: [LABELS],
      },
    ],
  },

  privacy: {
    id: 'privacy',
    summary:
      'Qué recopila Scentry cuando usted juega, por qué, quién puede verlo, dónde se guarda y cómo pedir que se ' +
      'elimine. No vendemos sus datos y el juego no tiene anuncios ni rastreadores.',
    sections: [
      {
        heading: 'Qué recopilamos',
        paragraphs: ['Solo lo que el juego necesita, y lo demás solo si usted lo da:'],
        points: [
          'Sus respuestas en cada tarjeta y qué tan fuerte fue cada olor.',
          'Cuándo jugó y qué kit de juego usó.',
          'Su ubicación aproximada, solo si la permite cuando se le pregunta. Puede jugar sin ella.',
          'Su nombre, edad, género, raza y las preguntas sobre antecedentes médicos y familiares, solo si completa ' +
            'el formulario después de su resultado. Hasta entonces, su resultado se guarda como "Guest Player" ' +
            '(jugador invitado).',
          'Sus respuestas a las preguntas sobre COVID-19, solo si las responde.',
          'Una dirección de correo electrónico, solo si nos pide enviarle un informe por correo, y solo para enviarlo.',
        ],
      },
      {
        heading: 'Por qué',
        paragraphs: [],
        points: [
          'Para calcular su resultado y mostrárselo.',
          'Para que la organización que realiza la evaluación vea los resultados por región (país, estado, ciudad) ' +
            'y pueda saber dónde es más común la pérdida del olfato.',
          'Para enviar su resultado al proveedor de salud o a la organización que usted elija, si elige uno.',
          'Para enviar un informe a la dirección de correo electrónico que usted indique. Guardamos un registro de ' +
            'la dirección y de cuándo se envió, para que el mismo correo no salga dos veces y el servicio no pueda ' +
            'usarse para llenar un buzón.',
        ],
      },
      {
        heading: 'Quién puede verlo',
        paragraphs: [],
        points: [
          'La organización o el proveedor de salud al que se envía su resultado: su personal puede ver sus ' +
            'resultados y formularios. Una organización que no tiene permiso para ver nombres ve sus resultados ' +
            'sin su nombre.',
          'El personal de Scentry que opera el servicio, para mantenerlo funcionando y responder solicitudes.',
          'Nadie más, a menos que la ley lo exija.',
        ],
      },
      {
        heading: 'Dónde se guarda',
        paragraphs: [
          'Primero en su teléfono: el juego guarda su resultado en el dispositivo, para funcionar sin conexión, y lo ' +
            'carga cuando puede. Su último resultado queda en el teléfono hasta que empiece un juego nuevo. Su propia ' +
            'lista de resultados anteriores se guarda en el teléfono solo si activa la opción de guardar sus ' +
            'resultados en este teléfono.',
          'En el servidor de Scentry, una vez cargado.',
        ],
      },
      {
        heading: 'Por cuánto tiempo',
        paragraphs: [
          'Los resultados se guardan hasta que se pida su eliminación o hasta que termine el período de conservación ' +
            'de la organización que realiza la evaluación. No prometemos un número fijo de años.',
        ],
      },
      {
        heading: 'Si cambia de opinión o quiere pedir la eliminación',
        paragraphs: [
          'Comuníquese con la organización que le dio el kit o con el proveedor que eligió. Ellos pueden ver su ' +
            'resultado y pedirle a Scentry que lo elimine. Ayuda indicar la fecha en que jugó y el identificador del ' +
            'resultado que aparece en su informe.',
          'Para borrar lo que hay en este teléfono: desactive la opción de guardar sus resultados en este teléfono ' +
            '(borra la lista) y empiece un juego nuevo (borra su último resultado). Borrar los datos del sitio en su ' +
            'navegador elimina todo.',
        ],
      },
      {
        heading: 'Lo que no hacemos',
        paragraphs: [
          'No vendemos sus datos ni los compartimos con fines publicitarios. El juego no muestra anuncios ni usa ' +
            'rastreadores ni herramientas de análisis.',
        ],
      },
    ],
  },

  caution: {
    id: 'caution',
    summary:
      'Scentry es una evaluación rápida, no una prueba médica. Lea esto antes de jugar y antes de confiar en un ' +
      'resultado.',
    sections: [
      {
        heading: 'No confíe solo en Scentry',
        paragraphs: ['Es posible que un resultado no sea correcto para usted si:'],
        points: [
          'hoy tiene un resfriado, gripe, fiebre del heno o la nariz tapada;',
          'no conoce algunos de los olores (por ejemplo, alimentos que nunca ha probado);',
          'no puede leer bien la pantalla o ver bien las imágenes;',
          'ya le dijeron que tiene un trastorno del olfato: en ese caso, siga las indicaciones de su médico.',
        ],
      },
      {
        heading: 'Consulte a un médico',
        paragraphs: ['Sea cual sea su resultado, consulte pronto a un médico si:'],
        points: [
          'perdió el sentido del olfato o del gusto de repente;',
          'ocurrió después de un golpe en la cabeza o una caída;',
          'viene con otros síntomas, como dolores de cabeza, cambios en la vista, la memoria o el movimiento, ' +
            'entumecimiento, o un sangrado de nariz que no para;',
          'no ha vuelto después de unas semanas.',
        ],
      },
      {
        heading: 'Tarjetas de aroma',
        paragraphs: [],
        points: [
          'No coma, lama ni mastique las tarjetas.',
          'Raspe suavemente y huela a poca distancia; no ponga la tarjeta dentro de la nariz ni contra ella.',
          'Si tiene alergias o asma que los olores pueden provocar, tenga cuidado y deténgase si se siente mal.',
          'Los niños deben jugar solo con un adulto que los vigile. Mantenga las tarjetas lejos de niños pequeños y ' +
            'mascotas.',
          'Lávese las manos después de jugar.',
        ],
      },
    ],
  },

  terms: {
    id: 'terms',
    summary: 'Las reglas para usar el juego Scentry y sus resultados. Al jugar, usted las acepta.',
    sections: [
      {
        heading: 'Solo una evaluación',
        paragraphs: [
          'Scentry es una evaluación. No es un consejo médico, un diagnóstico ni un tratamiento, y no reemplaza a un ' +
            'médico. Las decisiones sobre su salud deben tomarse con un profesional de la salud.',
        ],
      },
      {
        heading: 'Se ofrece tal como está',
        paragraphs: [
          'Trabajamos para que Scentry sea preciso y esté disponible, pero se ofrece tal como está, sin promesas de ' +
            'que siempre funcione, no tenga errores o sirva para un fin en particular. Un resultado puede ser ' +
            'incorrecto, por ejemplo cuando una tarjeta está dañada o se lee mal la pantalla.',
        ],
      },
      {
        heading: 'Uso justo',
        paragraphs: ['Por favor:'],
        points: [
          'juegue por usted mismo e ingrese solo información verdadera sobre usted;',
          'no intente dañar, sobrecargar o eludir el servicio, ni ver los resultados de otras personas;',
          'no copie el juego ni sus kits para ofrecerlos como propios.',
        ],
      },
      {
        heading: 'El código QR del kit y sus resultados',
        paragraphs: [
          'El código QR de un kit abre el juego de ese kit; no lo identifica a usted. Un kit se puede jugar más de ' +
            'una vez, por eso nunca se muestran las respuestas correctas.',
          'Su resultado es suyo: puede guardarlo, descargarlo, imprimirlo o compartirlo. Un informe lleva un enlace ' +
            'que permite a un proveedor compararlo con el registro de Scentry. Lo que pasa con su información se ' +
            'explica en el Aviso de privacidad.',
        ],
      },
      {
        heading: 'Cambios a estos términos',
        paragraphs: [
          'Podemos actualizar estos términos cuando cambie el servicio. La versión vigente siempre está en esta ' +
            'página; jugar después de un cambio significa que acepta la nueva versión.',
        ],
      },
    ],
  },

  hipaa: {
    id: 'hipaa',
    summary:
      'Esta autorización se aplica solo si, antes de jugar, usted elige un proveedor de salud o una organización ' +
      'a la que enviar sus resultados. Permite que su información de salud llegue a ese proveedor. No está ' +
      'obligado a aceptarla: puede jugar sin elegir uno.',
    numbered: true,
    sections: [
      {
        heading: 'Qué información se puede compartir',
        paragraphs: ['Del juego que usted envía:'],
        points: [
          'su resultado (Aprobado o No aprobado), el número de aromas que nombró, la respuesta de cada tarjeta y la ' +
            'intensidad del olor;',
          'la fecha y la hora en que jugó y el kit de juego;',
          'su ubicación aproximada, si la permitió;',
          'su nombre, edad, género y raza, y los antecedentes médicos y familiares que informó, si completó el ' +
            'formulario;',
          'sus respuestas a las preguntas sobre COVID-19, si las respondió.',
        ],
      },
      {
        heading: 'Quién puede compartirla y quién la recibe',
        paragraphs: [
          'Scentry, que realiza esta evaluación, puede compartirla a través de su servicio. La recibe el proveedor ' +
            'de salud o la organización que usted elija antes de jugar, y solo ese.',
        ],
      },
      {
        heading: 'Por qué se comparte',
        paragraphs: [
          'Para que el proveedor que eligió pueda ver el resultado de su evaluación y la información que usted dio ' +
            'con él, y pueda comunicarse con usted sobre su sentido del olfato si así lo decide.',
        ],
      },
      {
        heading: 'Cuándo termina esta autorización',
        paragraphs: [
          'Cubre solo el juego para el que eligió al proveedor, y termina una vez que el resultado y los ' +
            'formularios de ese juego estén a disposición del proveedor. Un juego posterior no está cubierto, a menos ' +
            'que vuelva a elegir un proveedor para él.',
        ],
      },
      {
        heading: 'Su derecho a revocarla',
        paragraphs: [
          'Puede revocar (cancelar) esta autorización en cualquier momento escribiendo al proveedor que eligió o a ' +
            'la organización que le dio el kit. Revocarla detiene cualquier otro intercambio bajo esta autorización. ' +
            'No deshace lo que ya se compartió, ni nada que el proveedor haya hecho basándose en ella antes de recibir ' +
            'su carta.',
        ],
      },
      {
        heading: 'Su decisión y lo que pasa después de compartir',
        paragraphs: [
          'Su tratamiento, y si puede jugar o recibir su resultado, no dependen de que acepte esta autorización.',
          'Una vez compartida, el proveedor puede volver a compartir la información. La información que se vuelve a ' +
            'compartir puede dejar de estar protegida por la ley federal de privacidad (HIPAA).',
        ],
      },
    ],
  },
};
