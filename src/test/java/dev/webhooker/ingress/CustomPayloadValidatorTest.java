package dev.webhooker.ingress;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class CustomPayloadValidatorTest {

    private final ObjectMapper mapper = new ObjectMapper();
    private final CustomPayloadValidator validator = new CustomPayloadValidator();

    private ObjectNode json(String text) throws Exception {
        return (ObjectNode) mapper.readTree(text.replace('\'', '"'));
    }

    @Test
    void theSpecExampleAndUnknownFieldsAndNullsPass() throws Exception {
        assertThatCode(() -> validator.validate(json(
                "{'title':'Deploy failed','repo':'acme/widget','color':'red','description':'prod down','extra':{'x':[1]},"
                        + "'author':{'name':'ci'},'fields':[{'name':'a','value':'b'}],'footer':null,'deliveryId':'d-1','url':'https://x'}")))
                .doesNotThrowAnyException();
        assertThatCode(() -> validator.validate(json("{}"))).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"{'title':1}", "{'description':[]}", "{'color':255}", "{'url':{}}", "{'repo':true}",
            "{'author':'me'}", "{'fields':{}}", "{'footer':1}", "{'deliveryId':42}"})
    void aListedFieldOfTheWrongTypeIsRefusedByName(String body) throws Exception {
        ObjectNode payload = json(body);
        String field = payload.fieldNames().next();
        assertThatThrownBy(() -> validator.validate(payload))
                .isInstanceOf(WebhookRejectedException.class)
                .hasMessageContaining("'" + field + "'");
    }
}
